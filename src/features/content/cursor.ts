import { AppError } from '@/lib/errors';

/**
 * A list position: the (published_at, id) of the last item shown. Lists are ordered by that pair, newest first,
 * so the next page is an index range scan from it, as cheap at item 100,000 as at item 10, and stable while new
 * items are published (they land before the cursor, never shifting later pages).
 */
export interface ListCursor {
  publishedAt: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(`${cursor.publishedAt.toISOString()}|${cursor.id}`).toString('base64url');
}

export const BAD_CURSOR_MESSAGE = '一覧の続きを読み込めませんでした。ページを再読み込みしてください。';

export function decodeCursor(value: string): ListCursor {
  const [iso, id, extra] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const publishedAt = new Date(iso ?? '');
  if (
    value.length > 100 ||
    extra !== undefined ||
    !id ||
    !UUID.test(id) ||
    Number.isNaN(publishedAt.getTime())
  ) {
    throw new AppError('BAD_REQUEST', BAD_CURSOR_MESSAGE);
  }
  return { publishedAt, id };
}
