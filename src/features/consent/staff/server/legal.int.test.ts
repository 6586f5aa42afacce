import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { auditLog } from '@/server/db/schema';
import { findLegalDocument, upsertSite, type Site } from '@/features/site/server';
import type { StaffActor } from '@/features/staff';
import type { StaffRole } from '@/features/staff';
import { legalDocumentSchema } from '@/features/consent/staff/schema';
import {
  getLegalDocument,
  linkedLegalKinds,
  listLegalDocuments,
  saveLegalDocument,
} from '@/features/consent/staff/server/legal';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;

const actorOf = (site: Site, role: StaffRole): StaffActor => ({
  siteId: site.id,
  uid: `${role}-${site.slug}`,
  email: `${role}@${site.slug}.example.com`,
  displayName: role,
  role,
});

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
});
afterAll(async () => {
  await handle?.drop();
});

const edited = {
  title: '利用規約',
  intro: '改定しました。',
  items: [
    { heading: '第1条', text: 'はじめの条文' },
    { heading: '第2条', text: 'つぎの条文' },
  ],
};

describe('staff legal pages', () => {
  it('lists the kinds the site links in its footer, in that order', async () => {
    const list = await listLegalDocuments(handle.db, actorOf(mio, 'editor'), mio);
    expect(list.map((d) => d.kind)).toEqual(linkedLegalKinds(mio));
    expect(list.map((d) => d.kind)).toEqual(['privacy', 'terms', 'psa', 'asct']);
    expect(list[1]).toMatchObject({ label: '利用規約', title: expect.any(String) });
  });

  it('saves a page with its audit row holding before and after', async () => {
    const actor = actorOf(mio, 'editor');
    const before = await findLegalDocument(handle.db, mio.id, 'terms');
    await saveLegalDocument(handle.db, actor, mio, 'terms', legalDocumentSchema.parse(edited));
    expect(await findLegalDocument(handle.db, mio.id, 'terms')).toEqual(edited);
    const audits = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'legal.update'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      siteId: mio.id,
      actorRole: 'editor',
      targetId: 'terms',
      before,
      after: edited,
    });
    // An empty introduction is no introduction.
    await saveLegalDocument(handle.db, actor, mio, 'terms', { ...edited, intro: '' });
    expect(await findLegalDocument(handle.db, mio.id, 'terms')).not.toHaveProperty('intro');
  });

  it('refuses support, another site’s owner and a page the site does not link; nothing changes', async () => {
    const current = await findLegalDocument(handle.db, mio.id, 'privacy');
    const count = (await handle.db.select().from(auditLog)).length;
    await expect(
      saveLegalDocument(handle.db, actorOf(mio, 'support'), mio, 'privacy', edited),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(listLegalDocuments(handle.db, actorOf(mio, 'support'), mio)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      saveLegalDocument(handle.db, actorOf(second, 'owner'), mio, 'privacy', edited),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getLegalDocument(handle.db, actorOf(second, 'owner'), mio, 'privacy')).rejects.toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    );
    await expect(getLegalDocument(handle.db, actorOf(mio, 'owner'), mio, 'faq')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    for (const kind of ['privacy', 'psa', 'asct'].filter(
      (k) => !linkedLegalKinds(second).includes(k as never),
    )) {
      await expect(
        saveLegalDocument(handle.db, actorOf(second, 'owner'), second, kind, edited),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await findLegalDocument(handle.db, mio.id, 'privacy')).toEqual(current);
    expect(await handle.db.select().from(auditLog)).toHaveLength(count);
  });

  it('the schema refuses an empty title, no items, an empty heading and a repeated heading, in Japanese', () => {
    const issuesOf = (value: unknown) => {
      const result = legalDocumentSchema.safeParse(value);
      expect(result.success).toBe(false);
      return result.error!.issues.map((issue) => issue.path.join('.'));
    };
    expect(issuesOf({ ...edited, title: ' ' })).toEqual(['title']);
    expect(issuesOf({ ...edited, items: [] })).toEqual(['items']);
    expect(issuesOf({ ...edited, items: [{ heading: '', text: 'x' }] })).toEqual(['items.0.heading']);
    expect(issuesOf({ ...edited, items: [edited.items[0], edited.items[0]] })).toEqual(['items.1.heading']);
    expect(issuesOf({ ...edited, extra: 1 })).toHaveLength(1);
    const message = legalDocumentSchema.safeParse({ ...edited, title: '' }).error!.issues[0]!.message;
    expect(message).toMatch(/[ぁ-んァ-ン一-龯]/);
  });
});
