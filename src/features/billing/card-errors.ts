/**
 * Japanese reasons for a refused card, from Stripe's `code` and `decline_code` (the sandbox uses the same codes).
 * Shown beside the card form; the member stays on the payment step and nothing they entered before is lost.
 */
const DECLINE_REASONS: Record<string, string> = {
  insufficient_funds: 'カードの利用可能額が不足しています。別のカードをお試しください。',
  lost_card: 'このカードはご利用いただけません。カード会社にお問い合わせください。',
  stolen_card: 'このカードはご利用いただけません。カード会社にお問い合わせください。',
  test_mode_live_card:
    'テスト環境のため、実際のカードはご利用いただけません。テスト用のカード番号を入力してください。',
};

const CODE_REASONS: Record<string, string> = {
  incorrect_number: 'カード番号が正しくありません。',
  invalid_number: 'カード番号が正しくありません。',
  expired_card: 'カードの有効期限が切れています。',
  invalid_expiry_month: '有効期限（月）が正しくありません。',
  invalid_expiry_year: '有効期限（年）が正しくありません。',
  incorrect_cvc: 'セキュリティコードが正しくありません。',
  invalid_cvc: 'セキュリティコードが正しくありません。',
  processing_error: 'カードの処理中にエラーが発生しました。時間をおいて再度お試しください。',
  authentication_required: 'カードの本人認証が必要です。画面の案内に従って認証してください。',
  payment_intent_authentication_failure: 'カードの本人認証に失敗しました。もう一度お試しください。',
};

export const CARD_DECLINED_MESSAGE =
  'カードが承認されませんでした。別のカードをお試しいただくか、カード会社にお問い合わせください。';

export function describeCardError(code: string | null | undefined, declineCode?: string | null): string {
  if (declineCode && DECLINE_REASONS[declineCode]) return DECLINE_REASONS[declineCode];
  if (code && CODE_REASONS[code]) return CODE_REASONS[code];
  return CARD_DECLINED_MESSAGE;
}
