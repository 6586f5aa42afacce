/** Why the door refuses a code, each with the Japanese reason staff read out. */
export const REFUSALS = {
  malformed: 'コードを読み取れませんでした。もう一度読み取るか、短いコードを入力してください。',
  forged: '偽造または改変されたコードです。入場できません。',
  'another-site': '別のファンクラブのコードです。',
  expired:
    '有効期限切れのコードです（画面の撮影・コピーの可能性があります）。本人の端末で表示し直してもらってください。',
  'another-performance': '別の公演のチケットです。',
  used: 'このチケットは入場済みです。',
  cancelled: 'キャンセルされたチケットです。',
  moved: 'このチケットは別の方に移っています（分配またはリセール）。現在の所持者の画面で確認してください。',
  lapsed: '会員資格が失効している会員証です。',
  unknown: 'このチケットは見つかりません。',
  'short-offline': '手入力のコードはオンラインでのみ確認できます。通信が戻ってから入力してください。',
  // An offline scan's claimed time out of bounds (docs/decisions/0036): the admission is not recorded.
  'offline-outside-window':
    'オフライン読み取りの時刻が、この公演の入場受付時間（開場の2時間前から公演日の終わりまで）の外です。入場は記録されませんでした。',
  'offline-before-sync':
    'オフライン読み取りの時刻が、この端末が最後にサーバーと通信した時刻より前です（古い画面の可能性があります）。入場は記録されませんでした。',
  'offline-future':
    'オフライン読み取りの時刻が現在より先になっています。端末の時計を確認してください。入場は記録されませんでした。',
} as const;
export type RefusalReason = keyof typeof REFUSALS;

export type CheckOutcome =
  { ok: true; kind: 'ticket' | 'card'; offline: boolean } | { ok: false; reason: RefusalReason };
