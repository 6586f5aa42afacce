import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import { formatYenAmount as yen } from '@/lib/yen';
import { getDb } from '@/server/db';
import { AuthCard, DonePanel } from '@/features/auth/ui';
import { requireJoinedMember } from '@/features/membership/app';
import { getPaymentProvider } from '@/features/billing/server';
import { winAuthentication } from '@/features/presale/server/authenticate';
import { AuthenticateWin } from './authenticate-win';
import { formatJst } from './labels';

/** /mypage/tickets/[id]/authenticate: a win's card charge waiting for the fan's 3-D Secure (docs/decisions/0047). */
export async function AuthenticateWinPage({ params }: { params: Promise<{ host: string; id: string }> }) {
  const { id } = await params;
  const { member } = await requireJoinedMember(params, paths.authenticateWin(id));
  const provider = await getPaymentProvider();
  const waiting = /^[0-9a-f-]{36}$/.test(id)
    ? await winAuthentication(await getDb(), provider, member, id)
    : null;
  if (!waiting) {
    return (
      <AuthCard title="カードの本人認証">
        <DonePanel title="本人認証が必要なお支払いはありません。">
          <Link href={`${paths.myPage()}#tickets`} className="font-bold underline underline-offset-4">
            マイページのチケットを見る
          </Link>
        </DonePanel>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="カードの本人認証"
      lead="カード会社から本人認証（3Dセキュア）を求められました。認証が済むと、チケット代金の決済が完了します。"
    >
      <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-surface-sub p-4 text-sm">
        <dt>公演</dt>
        <dd className="font-bold break-words">{waiting.title}</dd>
        <dt>受付番号</dt>
        <dd className="font-mono">{waiting.receiptNo}</dd>
        <dt>金額</dt>
        <dd className="font-bold">{yen(waiting.amountYen)}（税込）</dd>
        {waiting.dueAt && (
          <>
            <dt>認証の期限</dt>
            <dd className="font-bold" data-testid="authenticate-due">
              {formatJst(waiting.dueAt)}
            </dd>
          </>
        )}
      </dl>
      <AuthenticateWin
        presaleId={id}
        provider={waiting.provider}
        publishableKey={provider.publishableKey}
        clientSecret={waiting.clientSecret}
        paymentMethodId={waiting.paymentMethodId}
      />
      <p className="mt-6 text-sm">期限までに認証が済まない場合、当選は無効となります。</p>
    </AuthCard>
  );
}
