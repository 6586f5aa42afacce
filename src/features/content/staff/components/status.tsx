import type { ItemStatus } from '@/features/content/staff/server/staff-item';

const JA_DATE_TIME = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "2026/11/22 18:30", in Japan time whatever the server's or browser's zone. */
export function formatDateTimeJa(date: Date | string): string {
  return JA_DATE_TIME.format(typeof date === 'string' ? new Date(date) : date);
}

const STYLES: Record<ItemStatus, string> = {
  draft: 'border border-line bg-surface-sub text-ink',
  scheduled: 'border border-line bg-surface text-ink',
  published: 'bg-primary text-ink',
};

export function statusLabel(status: ItemStatus, publishedAt: string): string {
  if (status === 'draft') return '下書き';
  if (status === 'scheduled') return `予約（${formatDateTimeJa(publishedAt)}）`;
  return '公開中';
}

/** 下書き / 予約（日時） / 公開中. */
export function StatusBadge({ status, publishedAt }: { status: ItemStatus; publishedAt: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${STYLES[status]}`}
      data-status={status}
    >
      {statusLabel(status, publishedAt)}
    </span>
  );
}
