import 'server-only';
import type { SectionId } from '@/features/site';
import type { ItemUpdate } from '@/features/content/server/write';
import type { PresaleAccess } from '@/server/db/content-schema';
import { parseYouTubeId, tokyoLocalToDate, type ItemFormValues } from '@/features/content/staff/schemas';

/** The columns the form's values set, for this section: fields of other sections are left as they are. */
export function updateFromForm(section: SectionId, values: ItemFormValues): ItemUpdate {
  const update: ItemUpdate = {
    title: values.title,
    teaser: values.teaser,
    bodyHtml: values.bodyHtml,
    openToAll: values.openToAll,
    isLive: values.isLive,
    publishedAt: tokyoLocalToDate(values.publishedAt)!,
  };
  if (section === 'movie') {
    const videoId = values.youtube === '' ? null : parseYouTubeId(values.youtube);
    update.embed = videoId ? { provider: 'youtube', videoId } : null;
  }
  if (section === 'ticket') {
    const from = tokyoLocalToDate(values.applyFrom);
    const until = tokyoLocalToDate(values.applyUntil);
    update.ticket =
      from && until
        ? {
            performances: values.performances.map((performance) => ({
              startsAt: tokyoLocalToDate(performance.startsAt)!.toISOString(),
              ...(performance.doorsAt && { doorsAt: tokyoLocalToDate(performance.doorsAt)!.toISOString() }),
              venue: performance.venue,
              ...(performance.area && { area: performance.area }),
            })),
            applyFrom: from.toISOString(),
            applyUntil: until.toISOString(),
          }
        : null;
    const presale: PresaleAccess = {
      ...(values.presaleCode && { code: values.presaleCode }),
      ...(values.applyUrl && { applyUrl: values.applyUrl }),
    };
    update.presale = presale.code || presale.applyUrl ? presale : null;
  }
  return update;
}
