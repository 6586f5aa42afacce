import 'server-only';
import { firebaseIdentity } from '@/features/auth/server/identity';
import { askProvider } from '@/features/auth/server/ask-provider';
import type { Viewer } from '@/features/auth/server/resolve-viewer';
import { IDENTITY_TIMEOUT_MS } from '@/features/auth/timeouts';
import { ResendVerification } from '@/features/auth/components/resend-verification';

/**
 * On the payment step: why paying waits for a confirmed address, and the way to get the mail again. The provider is
 * asked now (bounded); when it cannot answer, nothing is shown, since the payment API asks it again anyway.
 */
export async function EmailVerificationNotice({ tenantId, viewer }: { tenantId: string; viewer: Viewer }) {
  const account = await askProvider(
    () => firebaseIdentity.getAccount(tenantId, viewer.uid),
    IDENTITY_TIMEOUT_MS.recheck,
    'getAccount',
  ).catch(() => null);
  if (!account || account.emailVerified) return null;
  return (
    <section
      aria-labelledby="verify-heading"
      className="mb-6 rounded-lg border-2 border-tertiary bg-surface p-5"
      data-testid="email-verification"
    >
      <h2 id="verify-heading" className="text-lg font-bold">
        メールアドレスの確認をお願いします
      </h2>
      <p className="mt-2 text-sm leading-relaxed">
        お支払いの前に、ご登録のメールアドレス（<span className="break-all font-bold">{account.email}</span>
        ）に届いた確認メールのリンクを開いてください。なりすましや入力ミスによる誤った請求を防ぐためです。
      </p>
      <ResendVerification />
    </section>
  );
}
