import { getDb } from '@/server/db';
import { PageHeading } from '@/components/ui/page-heading';
import { formatDateJa } from '@/lib/dates';
import type { StaffActor } from '@/features/staff';
import type { NoticeKind } from '@/features/notices/templates';
import { failedDeliveries } from '@/features/notices/server/deliveries';
import { RetryButton } from './retry-button';

/** What the owner reads for each kind of notice; typed by the templates, so that a new kind cannot go unnamed. */
const KIND_LABELS: Record<NoticeKind, string> = {
  welcome: '入会',
  'payment-succeeded': 'お支払い',
  'payment-failed': 'お支払い失敗',
  'renewal-reminder': '更新日',
  'leave-confirmed': '退会',
  'leave-undone': '退会の取り消し',
  announcement: 'お知らせ配信',
  'konbini-voucher': 'コンビニ払い番号',
  'konbini-voucher-canceled': 'コンビニ払い番号の取り消し',
  'card-ended-beside-konbini': 'カード払いの停止（コンビニ払い済み）',
  'presale-won': '先行 当選',
  'presale-lost': '先行 落選',
  'presale-second-chance-won': '先行 復活当選',
  'presale-paid': '先行 お支払い',
  'presale-card-failed': '先行 カード決済失敗',
  'presale-card-action': '先行 本人認証のお願い',
  'payment-disputed': '異議申し立て（オーナー宛）',
  'presale-lapsed': '先行 当選無効',
  'presale-cancelled': '公演中止',
  'presale-companion-invited': '先行 同行のご依頼',
  'presale-companion-withdrawn': '先行 同行者の変更',
  'resale-listed': 'リセール 出品',
  'resale-withdrawn': 'リセール 取消',
  'resale-matched': 'リセール 成立',
  'resale-refunded': 'リセール 返金',
  'resale-waiting': 'リセール 待ち登録',
  'resale-won': 'リセール 当選',
  'resale-paid': 'リセール 購入完了',
  'resale-lapsed': 'リセール 当選無効',
  birthday: '誕生日',
  'support-request': 'お問い合わせ（スタッフ宛）',
  'support-answered': 'お問い合わせへの回答',
};

/** The owner's list of mails the mail server kept refusing: kept, never dropped, each with a retry. */
export async function DeliveriesPage({ actor }: { actor: StaffActor }) {
  const failed = await failedDeliveries(await getDb(), actor);
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>配信エラー</PageHeading>
      <p className="text-sm">
        メールサーバーに繰り返し受け付けられなかったメールです。お知らせは会員のマイページには届いています。
      </p>
      {failed.length === 0 ? (
        <p className="rounded-lg border border-line p-6 text-sm">配信エラーはありません。</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[40rem] border-collapse text-sm" data-testid="failed-deliveries">
            <thead>
              <tr className="border-b border-line text-left whitespace-nowrap">
                <th scope="col" className="px-3 py-2">
                  日時
                </th>
                <th scope="col" className="px-3 py-2">
                  種類
                </th>
                <th scope="col" className="px-3 py-2">
                  会員番号・宛先
                </th>
                <th scope="col" className="px-3 py-2">
                  エラー
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">操作</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {failed.map((row) => (
                <tr key={row.id} className="border-b border-line align-top">
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateJa(row.createdAt)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {KIND_LABELS[row.kind as NoticeKind] ?? row.kind}
                  </td>
                  <td className="px-3 py-2">
                    {row.memberNumber ?? '-'} / <span className="break-all">{row.email ?? '未登録'}</span>
                  </td>
                  <td className="px-3 py-2 break-all">
                    {row.error}（{row.attempts}回）
                  </td>
                  <td className="px-3 py-2">
                    <RetryButton id={row.id} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
