import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { staffMembers } from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import type { StaffActor } from '@/features/staff/server/actor';
import { AUDIT_PAGE_SIZE, listAudit, recordAudit } from '@/features/staff/server/audit';
import { loadAuditPage, parseAuditCursor } from '@/features/staff/audit/server/audit-page';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;
let owner: StaffActor;

const actor = (site: Site, role: StaffActor['role'], uid: string): StaffActor => ({
  siteId: site.id,
  uid,
  email: `${uid}@example.com`,
  displayName: uid,
  role,
});

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  owner = actor(mio, 'owner', 'mio-owner');
  await handle.db.insert(staffMembers).values({
    siteId: mio.id,
    uid: 'mio-owner',
    email: 'mio-owner@example.com',
    displayName: '運営',
    role: 'owner',
  });
  // 120 rows, written in transactions of 30: the rows of one transaction share one created_at.
  for (let batch = 0; batch < 4; batch += 1) {
    await handle.db.transaction(async (tx) => {
      for (let i = 0; i < 30; i += 1) {
        await recordAudit(tx, owner, {
          action: i % 3 === 0 ? 'plan.create' : 'content.update',
          targetType: 'x',
          targetId: `t-${batch}-${i}`,
          before: null,
          after: null,
        });
      }
    });
  }
  await recordAudit(handle.db, actor(second, 'owner', 'second-owner'), {
    action: 'plan.create',
    targetType: 'plan',
    targetId: 'second-only',
    before: null,
    after: null,
  });
});
afterAll(async () => handle?.drop());

describe('audit log pages', () => {
  it('are for owners only', async () => {
    for (const role of ['editor', 'support'] as const) {
      await expect(listAudit(handle.db, actor(mio, role, `mio-${role}`))).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
      await expect(loadAuditPage(handle.db, actor(mio, role, `mio-${role}`), {})).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    }
  });

  it('walk the whole log newest first, each row once, across rows of one transaction', async () => {
    const seen: string[] = [];
    let before: string | undefined;
    let pages = 0;
    do {
      const page = await loadAuditPage(handle.db, owner, { before });
      expect(page.rows.length).toBeLessThanOrEqual(AUDIT_PAGE_SIZE);
      seen.push(...page.rows.map((row) => row.targetId!));
      expect(page.rows.every((row) => row.actorName === '運営')).toBe(true);
      before = page.next ?? undefined;
      pages += 1;
    } while (before && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(seen).not.toContain('second-only');
    // Newest batch first.
    expect(seen.slice(0, 30).every((id) => id.startsWith('t-3-'))).toBe(true);
  });

  it('filter by the kind of action', async () => {
    const page = await loadAuditPage(handle.db, owner, { kind: 'plans' });
    expect(page.rows).toHaveLength(40);
    expect(page.rows.every((row) => row.action === 'plan.create')).toBe(true);
    expect(page.next).toBeNull();
    expect((await loadAuditPage(handle.db, owner, { kind: 'unknown' })).rows).toHaveLength(AUDIT_PAGE_SIZE);
  });

  it('read only a well-formed cursor', () => {
    expect(parseAuditCursor('2026-11-22T12:00:00.123456Z_0b7a4f5e-3f7c-4c1e-9d3a-1a2b3c4d5e6f')).toEqual({
      createdAt: '2026-11-22T12:00:00.123456Z',
      id: '0b7a4f5e-3f7c-4c1e-9d3a-1a2b3c4d5e6f',
    });
    expect(parseAuditCursor("2026-11-22T12:00:00Z_x' OR 1=1")).toBeUndefined();
    expect(parseAuditCursor('2026-13-45T99:00:00Z_0b7a4f5e-3f7c-4c1e-9d3a-1a2b3c4d5e6f')).toBeUndefined();
    expect(parseAuditCursor(undefined)).toBeUndefined();
  });
});
