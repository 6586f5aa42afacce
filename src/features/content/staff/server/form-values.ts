import type { StaffItem } from '@/features/content/staff/server/staff-item';
import { dateToTokyoLocal, type ItemFormValues } from '@/features/content/staff/schemas';

/** An item as its edit form starts: times as datetime-local values in Japan time, absent parts as empty fields. */
export function toFormValues(item: StaffItem): ItemFormValues {
  return {
    title: item.title,
    teaser: item.teaser,
    bodyHtml: item.bodyHtml,
    openToAll: item.openToAll,
    isLive: item.isLive,
    publishedAt: dateToTokyoLocal(item.publishedAt),
    youtube: item.embed?.videoId ?? '',
    performances: (item.ticket?.performances ?? []).map((performance) => ({
      startsAt: dateToTokyoLocal(performance.startsAt),
      doorsAt: performance.doorsAt ? dateToTokyoLocal(performance.doorsAt) : '',
      venue: performance.venue,
      area: performance.area ?? '',
    })),
    applyFrom: item.ticket ? dateToTokyoLocal(item.ticket.applyFrom) : '',
    applyUntil: item.ticket ? dateToTokyoLocal(item.ticket.applyUntil) : '',
    presaleCode: item.presale?.code ?? '',
    applyUrl: item.presale?.applyUrl ?? '',
  };
}
