import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { auditLog, members } from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember } from '@/features/membership/server';
import { parseMemberFilter } from '@/features/billing/staff/members/schemas';
import {
  CSV_HEADER,
  csvHeader,
  exportFileName,
  exportMembersCsv,
} from '@/features/billing/staff/members/server/export';
import { CONSENT_HEADER, CONTACT_HEADER } from '@/features/billing/staff/members/server/export-contact';
import { actorOf } from '@/features/staff/testing';
import { addMember, addPlan } from '@/features/membership/testing';

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
  const seven = await addMember(handle.db, mio.id, {
    nickname: 'ミオ推し、"特別"',
    number: 7,
    email: 'mio@example.jp',
    familyName: '山田',
    givenName: '美緒',
    familyNameKana: 'ヤマダ',
    givenNameKana: 'ミオ',
    subscription: { planId: plan.id, status: 'active', periodEnd: future },
  });
  await handle.db
    .update(members)
    .set({
      postalCode: '1000001',
      prefecture: '東京都',
      city: '千代田区千代田',
      street: '1-2-3',
      building: 'テストハイツ101',
      phone: '09087654321',
      termsVersion: 2,
      privacyVersion: 1,
      consentedAt: new Date('2026-11-25T10:04:00Z'),
    })
    .where(eq(members.id, seven.id));
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
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFF会員番号,ニックネーム,メールアドレス,ステータス,プラン,入会日,氏名,フリガナ,郵便番号,都道府県,市区町村,番地,建物名,電話番号,同意した利用規約の版,同意したプライバシーポリシーの版,規約同意日時',
    );
    const rows = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...CSV_HEADER, ...CONTACT_HEADER, ...CONSENT_HEADER]);
    expect(rows).toHaveLength(72);
    expect(rows[0]).toEqual({
      会員番号: '000007',
      ニックネーム: 'ミオ推し、"特別"',
      メールアドレス: 'mio@example.jp',
      ステータス: 'プレミアム',
      プラン: '月額会員',
      入会日: '2026-01-15',
      氏名: '山田 美緒',
      フリガナ: 'ヤマダ ミオ',
      郵便番号: '100-0001',
      都道府県: '東京都',
      市区町村: '千代田区千代田',
      番地: '1-2-3',
      建物名: 'テストハイツ101',
      電話番号: '09087654321',
      同意した利用規約の版: '2',
      同意したプライバシーポリシーの版: '1',
      規約同意日時: '2026-11-25 19:04',
    });
    // A member who never agreed (signed up before consent was asked) has the consent columns empty.
    expect(rows[2]).toMatchObject({ 氏名: '', 同意した利用規約の版: '', 規約同意日時: '' });
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
      actorEmail: actor.email,
      actorRole: 'owner',
      after: { filter: { q: 'ミオ', status: 'premium', planId: null }, count: 1, columns: csvHeader(actor) },
    });
    expect(audits.at(-1)!.createdAt).toBeInstanceOf(Date);
    // Each export is its own row, whatever it contained.
    await exportMembersCsv(handle.db, actor, parseMemberFilter({ q: '該当なし' }), now);
    const after = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'members.export'));
    expect(after).toHaveLength(audits.length + 1);
    expect(after.at(-1)!.after).toMatchObject({ filter: { q: '該当なし' }, count: 0 });
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
