import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { auditLog } from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember } from '@/features/membership/server';
import { parseMemberFilter } from '@/features/staff/members/schemas';
import { CSV_HEADER, exportFileName, exportMembersCsv } from '@/features/staff/members/server/export';
import { actorOf, addMember, addPlan } from '@/features/staff/members/server/test-fixtures';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;
const now = new Date('2026-11-22T16:00:00Z');

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  const plan = await addPlan(handle.db, mio.id, 'monthly', '月額会員');
  const future = new Date('2026-12-22T00:00:00Z');
  await addMember(handle.db, mio.id, {
    nickname: 'ミオ推し、"特別"',
    number: 7,
    email: 'mio@example.jp',
    subscription: { planId: plan.id, status: 'active', periodEnd: future },
  });
  await addMember(handle.db, mio.id, { nickname: '=HYPERLINK("http://evil")', number: 8 });
  for (let i = 0; i < 70; i += 1)
    await addMember(handle.db, mio.id, { nickname: `ゲスト${i}`, number: 100 + i });
  await addMember(handle.db, second.id, { nickname: '他サイトの会員', number: 1 });
});
afterAll(async () => handle?.drop());

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe('exportMembersCsv', () => {
  it('writes every matching member (not only one page) as UTF-8 CSV with a BOM that parses back', async () => {
    const actor = actorOf(mio.id);
    const bytes = await bytesOf(await exportMembersCsv(handle.db, actor, parseMemberFilter({}), now));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toBe('\uFEFF会員番号,ニックネーム,メールアドレス,ステータス,プラン,入会日');
    const rows = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(CSV_HEADER);
    expect(rows).toHaveLength(72);
    expect(rows[0]).toEqual({
      会員番号: '000007',
      ニックネーム: 'ミオ推し、"特別"',
      メールアドレス: 'mio@example.jp',
      ステータス: 'プレミアム',
      プラン: '月額会員',
      入会日: '2026-01-15',
    });
    expect(rows[1]!['ニックネーム']).toBe('\'=HYPERLINK("http://evil")');
    expect(rows.some((row) => row['ニックネーム'] === '他サイトの会員')).toBe(false);
  });

  it('exports the filtered list only, and audits the export with its filter', async () => {
    const actor = actorOf(mio.id, 'owner');
    const filter = parseMemberFilter({ status: 'premium', q: 'ミオ' });
    const rows = parse(await bytesOf(await exportMembersCsv(handle.db, actor, filter, now)), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(rows.map((row) => row['会員番号'])).toEqual(['000007']);
    const audits = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'members.export'));
    expect(audits.at(-1)).toMatchObject({
      siteId: mio.id,
      actorUid: actor.uid,
      targetType: 'members',
      after: { filter: { q: 'ミオ', status: 'premium', planId: null }, count: 1 },
    });
  });

  it('refuses an editor before writing anything', async () => {
    const before = (await handle.db.select().from(auditLog)).length;
    await expect(
      exportMembersCsv(handle.db, actorOf(mio.id, 'editor'), parseMemberFilter({}), now),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await handle.db.select().from(auditLog)).toHaveLength(before);
  });

  it('names the file by the date in Japan', () => {
    expect(exportFileName(now)).toBe('members-20261123.csv');
  });
});

describe('the member’s e-mail', () => {
  it('is kept from the account, and follows a change of address', async () => {
    const first = await ensureMember(handle.db, mio.id, 'uid-mail', 'old@example.jp');
    expect(first.email).toBe('old@example.jp');
    expect((await ensureMember(handle.db, mio.id, 'uid-mail')).email).toBe('old@example.jp');
    expect((await ensureMember(handle.db, mio.id, 'uid-mail', 'new@example.jp')).email).toBe(
      'new@example.jp',
    );
  });
});
