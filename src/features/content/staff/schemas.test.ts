import { describe, expect, it } from 'vitest';
import {
  dateToTokyoLocal,
  itemSchemaFor,
  newItemSchema,
  parseYouTubeId,
  tokyoLocalToDate,
  type ItemFormValues,
} from '@/features/content/staff/schemas';

const base: ItemFormValues = {
  title: 'タイトル',
  teaser: '',
  bodyHtml: '',
  openToAll: false,
  isLive: false,
  publishedAt: '2026-11-22T18:30',
  youtube: '',
  performances: [],
  applyFrom: '',
  applyUntil: '',
  presaleCode: '',
  applyUrl: '',
};

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('Japan time', () => {
  it('reads a datetime-local value as Japan time and writes it back', () => {
    expect(tokyoLocalToDate('2026-11-22T18:30')?.toISOString()).toBe('2026-11-22T09:30:00.000Z');
    expect(dateToTokyoLocal(new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-23T05:00');
  });

  it('refuses what is not a real date and time', () => {
    for (const value of ['', 'tomorrow', '2026-02-30T10:00', '2026-11-22 18:30', '2026-11-22T24:00']) {
      expect(tokyoLocalToDate(value)).toBeNull();
    }
  });
});

describe('parseYouTubeId', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('%s → %s', (input, id) => expect(parseYouTubeId(input)).toBe(id));

  it.each([
    '',
    'short',
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)',
    'https://youtu.be/',
  ])('refuses %s', (input) => expect(parseYouTubeId(input)).toBeNull());
});

describe('item schemas', () => {
  it('needs a title for a new item', () => {
    expect(fieldErrors(newItemSchema.safeParse({ section: 'blog', title: '  ' }))).toEqual({
      title: 'タイトルを入力してください',
    });
    expect(newItemSchema.safeParse({ section: 'shop', title: 'x' }).success).toBe(false);
  });

  it('accepts a plain item and refuses a bad date beside its field', () => {
    expect(itemSchemaFor('blog').safeParse(base).success).toBe(true);
    expect(fieldErrors(itemSchemaFor('blog').safeParse({ ...base, publishedAt: '明日' }))).toEqual({
      publishedAt: '公開日時を正しく入力してください',
    });
  });

  it('checks a movie’s YouTube field only for movies', () => {
    expect(
      fieldErrors(itemSchemaFor('movie').safeParse({ ...base, youtube: 'https://vimeo.com/1' })),
    ).toEqual({
      youtube: 'YouTube の動画 ID または URL を入力してください',
    });
    expect(itemSchemaFor('blog').safeParse({ ...base, youtube: 'https://vimeo.com/1' }).success).toBe(true);
  });

  it('checks a presale: https application URL, both ends of the window, in order, each performance', () => {
    const ticket = itemSchemaFor('ticket');
    expect(fieldErrors(ticket.safeParse({ ...base, applyUrl: 'http://tickets.example.com' }))).toEqual({
      applyUrl: '申し込み URL は https:// で始まる URL を入力してください',
    });
    expect(fieldErrors(ticket.safeParse({ ...base, applyFrom: '2026-12-01T10:00' }))).toEqual({
      applyUntil: '受付終了日時を入力してください',
    });
    expect(
      fieldErrors(
        ticket.safeParse({ ...base, applyFrom: '2026-12-10T10:00', applyUntil: '2026-12-01T10:00' }),
      ),
    ).toEqual({ applyUntil: '受付終了日時は受付開始日時より後にしてください' });
    expect(
      fieldErrors(
        ticket.safeParse({
          ...base,
          performances: [{ startsAt: '', doorsAt: '', venue: '', area: '' }],
          applyFrom: '2026-12-01T10:00',
          applyUntil: '2026-12-10T10:00',
        }),
      ),
    ).toEqual({
      'performances.0.startsAt': '開演日時を正しく入力してください',
      'performances.0.venue': '会場を入力してください',
    });
  });
});
