import { ERROR_CATALOGUE } from '@/lib/errors';
import { isTimeoutError } from '@/lib/timeout';

/**
 * Spec 8: the identity provider's error codes and what the product tells the fan, in Japanese. Each code shows in a
 * toast or beside the field it concerns; user-disabled and user-token-expired also sign the user out.
 */
export type AuthErrorField = 'email' | 'password' | 'newPassword';

interface AuthErrorEntry {
  message: string;
  /** The form field the message belongs beside; none means a toast. */
  field?: AuthErrorField;
  /** The account can no longer be used on this device: sign out. */
  signOut?: true;
}

const SIGN_IN_AGAIN = 'ログインの有効期限が切れました。お手数ですが、もう一度ログインしてください。';
const UNAUTHORIZED_DOMAIN = 'このアドレスからはログインできません。公式サイトのURLからアクセスしてください。';

export const AUTH_ERRORS: Record<string, AuthErrorEntry> = {
  'auth/invalid-email': { message: 'メールアドレスの形式が正しくありません。', field: 'email' },
  'auth/missing-email': { message: 'メールアドレスを入力してください。', field: 'email' },
  'auth/wrong-password': { message: 'パスワードが正しくありません。', field: 'password' },
  'auth/missing-password': { message: 'パスワードを入力してください。', field: 'password' },
  'auth/invalid-credential': {
    message: 'メールアドレスまたはパスワードが正しくありません。',
    field: 'password',
  },
  'auth/email-already-in-use': {
    message:
      'このメールアドレスはすでに登録されています。ログインするか、別のメールアドレスをお使いください。',
    field: 'email',
  },
  'auth/user-not-found': {
    message: 'このメールアドレスで登録された会員が見つかりません。',
    field: 'email',
  },
  'auth/too-many-requests': {
    message: '試行回数が上限に達しました。しばらく時間をおいてから再度お試しください。',
  },
  'auth/user-disabled': {
    message: 'このアカウントはご利用いただけません。お問い合わせフォームからご連絡ください。',
    signOut: true,
  },
  'auth/user-token-expired': { message: SIGN_IN_AGAIN, signOut: true },
  // The provider did not answer within IDENTITY_TIMEOUT_MS.browser (our bound) or the SDK's own: the server's words.
  'auth/timeout': { message: ERROR_CATALOGUE.AUTH_UNAVAILABLE.message },
  'auth/network-request-failed': {
    message: '通信できませんでした。電波の良い場所で、もう一度お試しください。',
  },
  'auth/requires-recent-login': {
    message: 'セキュリティのため、もう一度パスワードを入力してください。',
  },
  'auth/invalid-user-token': { message: SIGN_IN_AGAIN, signOut: true },
  'auth/tenant-id-mismatch': {
    message: 'このサイトのアカウントではありません。ログインし直してください。',
  },
  'auth/popup-blocked': {
    message:
      'ポップアップがブロックされました。ブラウザでポップアップを許可してから、もう一度お試しください。',
  },
  'auth/popup-closed-by-user': {
    message: 'ログイン画面が閉じられました。もう一度お試しください。',
  },
  'auth/unauthorized-domain': { message: UNAUTHORIZED_DOMAIN },
  // The provider's name for the same problem when it concerns the link in an e-mail.
  'auth/unauthorized-continue-uri': { message: UNAUTHORIZED_DOMAIN },
  'auth/password-does-not-meet-requirements': {
    message: 'パスワードがこのサイトの条件を満たしていません。',
    field: 'newPassword',
  },
  'auth/weak-password': { message: 'パスワードが短すぎます。', field: 'newPassword' },
  'auth/expired-action-code': {
    message: 'このリンクの有効期限が切れています。お手数ですが、もう一度お手続きください。',
  },
  'auth/invalid-action-code': {
    message: 'このリンクは無効です。すでに使用されたか、URLが正しくありません。',
  },
  'auth/invalid-custom-token': { message: SIGN_IN_AGAIN },
};

export const FALLBACK_AUTH_ERROR = 'エラーが発生しました。時間をおいて、もう一度お試しください。';

export function authErrorCode(error: unknown): string | null {
  if (isTimeoutError(error)) return 'auth/timeout';
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  return typeof error.code === 'string' ? error.code : null;
}

/** The message, field and sign-out rule for any error a provider call threw. */
export function describeAuthError(error: unknown): AuthErrorEntry & { code: string | null } {
  const code = authErrorCode(error);
  const entry = code ? AUTH_ERRORS[code] : undefined;
  return { code, ...(entry ?? { message: FALLBACK_AUTH_ERROR }) };
}
