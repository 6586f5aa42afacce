import { z } from '@/lib/zod';
import { SECTION_IDS, type SectionId } from '@/features/site';
import { parseJstLocal, toJstLocalInput } from '@/lib/dates';

/**
 * The staff content forms and APIs share these schemas: the browser checks as you type, the server checks the same
 * rules again (and sanitises the body and text fields whatever the browser sent).
 */

export const TITLE_MAX = 200;
export const TEASER_MAX = 1000;
/** A body's HTML, as the editor sends it. Images are references (`media:<id>`), never data, so this is plenty. */
export const BODY_MAX = 200_000;
/** The JSON an item's PUT may carry: the body plus the other fields. */
export const ITEM_JSON_MAX_BYTES = 400 * 1024;
export const PERFORMANCES_MAX = 30;

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A datetime-local value ("2026-11-22T18:30") read as Japan time. null when it is not one. */
export function tokyoLocalToDate(value: string): Date | null {
  if (!LOCAL_DATE_TIME.test(value)) return null;
  // parseJstLocal rejects impossible dates the Date constructor would roll over (2026-02-30).
  const date = parseJstLocal(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The datetime-local value of a time, in Japan time. */
export function dateToTokyoLocal(date: Date | string): string {
  return toJstLocalInput(new Date(date));
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** A YouTube video id from an id or a watch, short, embed, shorts or live URL; null when there is none. */
export function parseYouTubeId(input: string): string | null {
  const value = input.trim();
  if (YOUTUBE_ID.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.|music\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else {
      const [, kind, candidate] = url.pathname.split('/');
      if (kind === 'embed' || kind === 'shorts' || kind === 'live' || kind === 'v') id = candidate ?? null;
    }
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export const sectionIdSchema = z.enum(SECTION_IDS, { error: 'セクションを選んでください' });

const title = z
  .string()
  .trim()
  .min(1, { error: 'タイトルを入力してください' })
  .max(TITLE_MAX, { error: `タイトルは${TITLE_MAX}文字以内で入力してください` });

export const newItemSchema = z.object({ section: sectionIdSchema, title });
export type NewItemValues = z.infer<typeof newItemSchema>;

const localDateTime = (label: string) =>
  z
    .string()
    .refine((value) => tokyoLocalToDate(value) !== null, { error: `${label}を正しく入力してください` });
const optionalLocalDateTime = (label: string) =>
  z.string().refine((value) => value === '' || tokyoLocalToDate(value) !== null, {
    error: `${label}を正しく入力してください`,
  });

const performanceSchema = z.object({
  startsAt: localDateTime('開演日時'),
  doorsAt: optionalLocalDateTime('開場日時'),
  venue: z
    .string()
    .trim()
    .min(1, { error: '会場を入力してください' })
    .max(100, { error: '会場は100文字以内で入力してください' }),
  area: z.string().trim().max(40, { error: '地域は40文字以内で入力してください' }),
});
export type PerformanceValues = z.infer<typeof performanceSchema>;

const baseShape = {
  title,
  teaser: z.string().max(TEASER_MAX, { error: `概要は${TEASER_MAX}文字以内で入力してください` }),
  bodyHtml: z.string().max(BODY_MAX, { error: '本文が長すぎます' }),
  openToAll: z.boolean(),
  isLive: z.boolean(),
  publishedAt: localDateTime('公開日時'),
  youtube: z.string().trim().max(200),
  performances: z.array(performanceSchema).max(PERFORMANCES_MAX, {
    error: `公演は${PERFORMANCES_MAX}件までです`,
  }),
  applyFrom: optionalLocalDateTime('受付開始日時'),
  applyUntil: optionalLocalDateTime('受付終了日時'),
  presaleCode: z.string().trim().max(100, { error: '先行コードは100文字以内で入力してください' }),
  applyUrl: z
    .string()
    .trim()
    .max(500, { error: '申し込み URL は500文字以内で入力してください' })
    .refine((value) => value === '' || isHttpsUrl(value), {
      error: '申し込み URL は https:// で始まる URL を入力してください',
    }),
};

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The edit form of an item of this section. Fields of other sections are accepted and ignored (the server keeps
 * only the section's own), so one form shape serves all five.
 */
export function itemSchemaFor(section: SectionId) {
  return z.object(baseShape).superRefine((values, ctx) => {
    if (section === 'movie' && values.youtube !== '' && parseYouTubeId(values.youtube) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['youtube'],
        message: 'YouTube の動画 ID または URL を入力してください',
      });
    }
    if (section !== 'ticket') return;
    const scheduled = values.performances.length > 0 || values.applyFrom !== '' || values.applyUntil !== '';
    if (!scheduled) return;
    if (values.applyFrom === '')
      ctx.addIssue({ code: 'custom', path: ['applyFrom'], message: '受付開始日時を入力してください' });
    if (values.applyUntil === '')
      ctx.addIssue({ code: 'custom', path: ['applyUntil'], message: '受付終了日時を入力してください' });
    const from = tokyoLocalToDate(values.applyFrom);
    const until = tokyoLocalToDate(values.applyUntil);
    if (from && until && until <= from) {
      ctx.addIssue({
        code: 'custom',
        path: ['applyUntil'],
        message: '受付終了日時は受付開始日時より後にしてください',
      });
    }
  });
}

export type ItemFormValues = z.infer<ReturnType<typeof itemSchemaFor>>;

export const EMPTY_PERFORMANCE: PerformanceValues = { startsAt: '', doorsAt: '', venue: '', area: '' };
