/**
 * The one error type of the product. Each code has one HTTP status and one Japanese message, kept here so that
 * routes, actions and pages answer the same way.
 */
export const ERROR_CATALOGUE = {
  BAD_REQUEST: { status: 400, message: '入力内容に誤りがあります。' },
  MALFORMED_REQUEST: {
    status: 400,
    message: 'URLまたはリクエストの形式が正しくありません。ページを再読み込みしてください。',
  },
  UNAUTHENTICATED: { status: 401, message: 'ログインしてください。' },
  SIGN_IN_FAILED: {
    status: 401,
    message: 'ログイン情報を確認できませんでした。もう一度ログインしてください。',
  },
  PAYMENT_DECLINED: {
    status: 402,
    message: 'カードが承認されませんでした。別のカードをお試しください。',
  },
  FORBIDDEN: { status: 403, message: 'この操作を行う権限がありません。' },
  /** Paying needs an address the person has confirmed through the provider's verification mail. */
  EMAIL_UNVERIFIED: {
    status: 403,
    message:
      'メールアドレスの確認が完了していません。確認メールのリンクを開いてから、もう一度お試しください。',
  },
  /** A sign-up's proof of work that is wrong, expired, of another site or used before (docs/decisions/0024). */
  HUMAN_CHECK_FAILED: {
    status: 403,
    message: 'ロボットでないことを確認できませんでした。もう一度お試しください。',
  },
  ACCOUNT_DISABLED: {
    status: 403,
    message: 'このアカウントはご利用いただけません。お問い合わせフォームからご連絡ください。',
  },
  CROSS_SITE: {
    status: 403,
    message: '別のサイトからの操作は受け付けられません。ページを再読み込みしてください。',
  },
  NOT_FOUND: { status: 404, message: 'お探しのページが見つかりませんでした。' },
  CONFLICT: { status: 409, message: 'すでに登録されています。' },
  STEP_ORDER: { status: 409, message: '前の手順を先に完了してください。' },
  /** A new account's first session came without a proof of work: the browser solves a challenge and asks again. */
  HUMAN_CHECK_REQUIRED: {
    status: 428,
    message: 'ロボットでないことを確認できませんでした。もう一度お試しください。',
  },
  VALIDATION: { status: 422, message: '入力内容を確認してください。' },
  /** Sign-up (or the next sign-up step) without agreeing to the site's terms and privacy policy. */
  CONSENT_REQUIRED: {
    status: 422,
    message: '利用規約とプライバシーポリシーへの同意が必要です。',
  },
  /** An agreement to a version that is no longer the current one (staff published a new one meanwhile). */
  CONSENT_OUTDATED: {
    status: 409,
    message:
      '利用規約またはプライバシーポリシーが更新されました。ページを再読み込みして、最新の内容をご確認ください。',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: '送信されたデータが大きすぎます。' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'この形式のファイルは受け付けられません。' },
  HOST_TAKEN: { status: 409, message: 'このホスト名は別のサイトで使われています。' },
  TOO_MANY_REQUESTS: {
    status: 429,
    message: '操作の回数が多すぎます。しばらく時間をおいてから、もう一度お試しください。',
  },
  UNAVAILABLE: { status: 503, message: 'ただいま混み合っています。時間をおいて再度お試しください。' },
  AUTH_UNAVAILABLE: {
    status: 503,
    message: '認証サーバーに接続できませんでした。時間をおいて再度お試しください。',
  },
  INTERNAL: { status: 500, message: 'システムエラーが発生しました。時間をおいて再度お試しください。' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Answers that say when to try again (`Retry-After`, in seconds): an outage of something we depend on. */
export const RETRY_AFTER_SECONDS = {
  // The database is back within seconds of a restart; the front server's probe notices it within one.
  UNAVAILABLE: 5,
  // The provider usually comes back within seconds (a restart, a network blip); a sign-in is worth retrying soon.
  AUTH_UNAVAILABLE: 10,
} as const satisfies Partial<Record<ErrorCode, number>>;

/** The Retry-After of an error code, when it has one. */
export function retryAfterOf(code: ErrorCode): number | undefined {
  return (RETRY_AFTER_SECONDS as Partial<Record<ErrorCode, number>>)[code];
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** When to try again, for this one answer (a rate limit's window); else the code's own, if it has one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string = ERROR_CATALOGUE[code].message,
    options?: ErrorOptions & { retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.retryAfterSeconds = options?.retryAfterSeconds ?? retryAfterOf(code);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
