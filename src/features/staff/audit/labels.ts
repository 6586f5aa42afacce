import { ROLE_LABELS } from '@/features/staff/roles';
import { formatInJapan } from '@/lib/dates';

/** What each audit action means, in the console's words; an action not listed here is shown as it is stored. */
export const ACTION_LABELS: Record<string, string> = {
  'content.create': 'コンテンツを作成',
  'content.update': 'コンテンツを編集',
  'content.publish': 'コンテンツを公開',
  'content.unpublish': 'コンテンツを非公開に',
  'content.delete': 'コンテンツを削除',
  'media.upload': 'ファイルをアップロード',
  'media.update': 'ファイルを編集',
  'media.delete': 'ファイルを削除',
  'media.reorder': 'ファイルを並べ替え',
  'legal.update': '規約・表記を編集',
  'tenure_benefit.create': '会員歴の特典を追加',
  'tenure_benefit.delete': '会員歴の特典を削除',
  'member.grant': '無料期間を付与',
  'member.revoke_grant': '無料期間を取り消し',
  'members.export': '会員一覧をCSV出力',
  'sales.export': '売上をCSV出力',
  'plan.create': 'プランを作成',
  'plan.retire': 'プランを提供終了',
  'plan.offer': 'プランの提供を再開',
  'staff.add': 'スタッフを追加',
  'staff.role': 'スタッフの役割を変更',
  'staff.remove': 'スタッフを削除',
  'chat.delete': 'チャットのメッセージを削除',
  'chat.pin': 'チャットのメッセージを固定',
  'chat.unpin': 'チャットの固定を解除',
  'chat.slow': 'チャットのスローモードを変更',
  'chat.mute': 'チャットで会員をミュート',
  'chat.ban': 'チャットから会員を退出',
  'chat.lift': 'チャットの制限を解除',
  'member.support-answer': 'お問い合わせに回答',
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** The filter of the audit page: a kind of change and the action prefixes it covers. */
export const ACTION_KINDS = [
  { key: 'content', label: 'コンテンツ', prefixes: ['content.', 'media.', 'tenure_benefit.'] },
  { key: 'legal', label: '規約・表記', prefixes: ['legal.'] },
  { key: 'members', label: '会員', prefixes: ['member.', 'members.'] },
  { key: 'plans', label: 'プラン', prefixes: ['plan.'] },
  { key: 'sales', label: '売上', prefixes: ['sales.'] },
  { key: 'staff', label: 'スタッフ', prefixes: ['staff.'] },
  { key: 'chat', label: 'ライブチャット', prefixes: ['chat.'] },
] as const;

export type ActionKind = (typeof ACTION_KINDS)[number]['key'];

export function actionKind(key: string | undefined): (typeof ACTION_KINDS)[number] | null {
  return ACTION_KINDS.find((kind) => kind.key === key) ?? null;
}

export const TARGET_LABELS: Record<string, string> = {
  content_item: 'コンテンツ',
  legal_document: '規約・表記',
  media: 'ファイル',
  member: '会員',
  members: '会員一覧',
  plan: 'プラン',
  tenure_benefit: '会員歴の特典',
  staff: 'スタッフ',
  chat: 'ライブチャット',
};

export function targetLabel(targetType: string): string {
  return TARGET_LABELS[targetType] ?? targetType;
}

/** The names of fields as the diff shows them; others are shown by their key. */
export const FIELD_LABELS: Record<string, string> = {
  title: 'タイトル',
  name: '名前',
  body: '本文',
  bodyHtml: '本文',
  state: '状態',
  items: '項目',
  intro: '前文',
  caption: 'キャプション',
  position: '順番',
  files: 'ファイル数',
  endsOn: '終了日',
  grant: '付与',
  runningGrants: '有効な付与',
  teaser: 'リード文',
  status: '状態',
  publishedAt: '公開日時',
  publishAt: '公開予定',
  section: 'セクション',
  openToAll: '全員に公開',
  live: 'ライブ',
  role: '役割',
  email: 'メールアドレス',
  displayName: '表示名',
  code: 'コード',
  interval: '間隔',
  priceYen: '価格（円）',
  active: '提供中',
  endsAt: '終了日',
  revokedAt: '取り消し日時',
  filter: '条件',
  count: '件数',
};

const MAX_VALUE_LENGTH = 200;

const VALUE_LABELS: Record<string, Record<string, string>> = {
  role: ROLE_LABELS,
  interval: { month: '月額', year: '年額' },
};

/**
 * One value in a line of text: a role or an interval by its label, yes/no in Japanese, strings as they are, the
 * rest as JSON; long ones cut with "…（全N文字）".
 */
export function showValue(value: unknown, field = ''): string {
  if (value === undefined || value === null) return '（なし）';
  if (typeof value === 'boolean') return value ? 'はい' : 'いいえ';
  if (typeof value === 'string' && VALUE_LABELS[field]?.[value]) return VALUE_LABELS[field][value];
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text.length <= MAX_VALUE_LENGTH) return text;
  return `${text.slice(0, MAX_VALUE_LENGTH)}…（全${text.length.toLocaleString('ja-JP')}文字）`;
}

export interface FieldChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields that differ between before and after, each shown short. A side that is not an object (a list, or
 * nothing) is compared as one value.
 */
export function auditDiff(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (JSON.stringify(before ?? null) === JSON.stringify(after ?? null)) return [];
    return [
      {
        field: '',
        label: '内容',
        before: before == null ? null : showValue(before),
        after: after == null ? null : showValue(after),
      },
    ];
  }
  const left = isRecord(before) ? before : {};
  const right = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return keys
    .filter((key) => JSON.stringify(left[key] ?? null) !== JSON.stringify(right[key] ?? null))
    .map((key) => ({
      field: key,
      label: FIELD_LABELS[key] ?? key,
      before: isRecord(before) && key in left ? showValue(left[key], key) : null,
      after: isRecord(after) && key in right ? showValue(right[key], key) : null,
    }));
}

/** A name for the target from what the row recorded (a title, a name, an e-mail), if any. */
export function targetName(before: unknown, after: unknown): string | null {
  for (const side of [after, before]) {
    if (!isRecord(side)) continue;
    for (const key of ['title', 'name', 'email', 'displayName', 'nickname']) {
      const value = side[key];
      if (typeof value === 'string' && value.trim())
        return value.length > 60 ? `${value.slice(0, 60)}…` : value;
    }
  }
  return null;
}

/** "2026/11/22 09:05" in Japan time, whatever the server's zone. */
export function formatTokyo(date: Date): string {
  return formatInJapan(date, 'yyyy/MM/dd HH:mm');
}
