import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { auditLog, staffMembers } from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { findStaffActor, type StaffActor } from '@/features/staff/server/actor';
import {
  ACCOUNT_NOT_FOUND,
  addStaff,
  changeStaffRole,
  listStaff,
  removeStaff,
  type AccountLookup,
  type TenantAccount,
} from '@/features/staff/team/server/team';
import { addStaffSchema } from '@/features/staff/team/schemas';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let second: Site;
let owner: StaffActor;
let editor: StaffActor;
let support: StaffActor;
let otherOwner: StaffActor;

/** The accounts of mio's tenant, as the identity provider would answer. */
const mioAccounts: TenantAccount[] = [
  { uid: 'uid-fan', email: 'fan@example.com', displayName: 'ファン' },
  { uid: 'uid-fan2', email: 'fan2@example.com', displayName: null },
  { uid: 'uid-fan3', email: 'fan3@example.com', displayName: '三人目' },
];
const lookup: AccountLookup = async (email) => mioAccounts.find((account) => account.email === email) ?? null;

async function seedStaff(site: Site, uid: string, role: StaffActor['role']): Promise<StaffActor> {
  const email = `${uid}@example.com`;
  await handle.db.insert(staffMembers).values({ siteId: site.id, uid, email, displayName: uid, role });
  return { siteId: site.id, uid, email, displayName: uid, role };
}

const auditOf = (uid: string) =>
  handle.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, uid))
    .orderBy(auditLog.createdAt, auditLog.id);

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  second = (await upsertSite(handle.db, demoSiteFile('second'))).site;
  owner = await seedStaff(mio, 'mio-owner', 'owner');
  editor = await seedStaff(mio, 'mio-editor', 'editor');
  support = await seedStaff(mio, 'mio-support', 'support');
  otherOwner = await seedStaff(second, 'second-owner', 'owner');
});
afterAll(async () => handle?.drop());

describe('staff management', () => {
  it('is for owners only; another site’s owner finds none of this site’s staff', async () => {
    for (const who of [editor, support]) {
      await expect(listStaff(handle.db, who)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(
        addStaff(handle.db, who, { email: 'fan@example.com', role: 'owner' }, lookup),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(changeStaffRole(handle.db, who, who.uid, 'owner')).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
      await expect(removeStaff(handle.db, who, owner.uid)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    await expect(changeStaffRole(handle.db, otherOwner, editor.uid, 'owner')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(removeStaff(handle.db, otherOwner, owner.uid)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await listStaff(handle.db, otherOwner)).map((row) => row.uid)).toEqual(['second-owner']);
    expect((await listStaff(handle.db, owner)).map((row) => [row.uid, row.role])).toEqual([
      ['mio-owner', 'owner'],
      ['mio-editor', 'editor'],
      ['mio-support', 'support'],
    ]);
    expect(await findStaffActor(handle.db, mio.id, 'mio-editor')).toMatchObject({ role: 'editor' });
    expect(await handle.db.select().from(auditLog)).toEqual([]);
  });

  it('adds an existing account of the tenant by e-mail, once, with its audit row', async () => {
    const added = await addStaff(handle.db, owner, { email: 'fan@example.com', role: 'support' }, lookup);
    expect(added).toMatchObject({ siteId: mio.id, uid: 'uid-fan', displayName: 'ファン', role: 'support' });
    expect(await findStaffActor(handle.db, mio.id, 'uid-fan')).toMatchObject({ role: 'support' });
    expect(await auditOf('uid-fan')).toMatchObject([
      {
        action: 'staff.add',
        actorUid: 'mio-owner',
        targetType: 'staff',
        before: null,
        after: { email: 'fan@example.com', displayName: 'ファン', role: 'support' },
      },
    ]);
    const nameless = await addStaff(handle.db, owner, { email: 'fan2@example.com', role: 'editor' }, lookup);
    expect(nameless.displayName).toBe('fan2');

    await expect(
      addStaff(handle.db, owner, { email: 'fan@example.com', role: 'owner' }, lookup),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      addStaff(handle.db, owner, { email: 'nobody@example.com', role: 'editor' }, lookup),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: ACCOUNT_NOT_FOUND });
    expect(await findStaffActor(handle.db, mio.id, 'uid-fan')).toMatchObject({ role: 'support' });
    // The same account added on another site is staff there only, with that site's lookup.
    expect(await findStaffActor(handle.db, second.id, 'uid-fan')).toBeNull();
  });

  it('checks the e-mail and role it is given', () => {
    const issues = addStaffSchema.safeParse({ email: 'not-an-address', role: 'admin' }).error?.issues;
    expect(issues?.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'email: メールアドレスの形式が正しくありません',
      'role: 役割を選択してください',
    ]);
  });

  it('changes a role and removes staff, each with its audit row; the removed are nobody at once', async () => {
    await changeStaffRole(handle.db, owner, 'uid-fan', 'editor');
    expect(await findStaffActor(handle.db, mio.id, 'uid-fan')).toMatchObject({ role: 'editor' });
    await changeStaffRole(handle.db, owner, 'uid-fan', 'editor'); // no change, no row
    await removeStaff(handle.db, owner, 'uid-fan');
    expect(await findStaffActor(handle.db, mio.id, 'uid-fan')).toBeNull();
    const rows = await auditOf('uid-fan');
    expect(rows.map((row) => row.action)).toEqual(['staff.add', 'staff.role', 'staff.remove']);
    expect(rows[1]).toMatchObject({ before: { role: 'support' }, after: { role: 'editor' } });
    expect(rows[2]).toMatchObject({ before: { role: 'editor', email: 'fan@example.com' }, after: null });
    await expect(removeStaff(handle.db, owner, 'uid-fan')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('never leaves a site without an owner, even when two owners demote each other at once', async () => {
    await expect(changeStaffRole(handle.db, owner, owner.uid, 'editor')).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('オーナーが1人もいなくなる'),
    });
    await expect(removeStaff(handle.db, owner, owner.uid)).rejects.toMatchObject({ code: 'CONFLICT' });

    await addStaff(handle.db, owner, { email: 'fan3@example.com', role: 'owner' }, lookup);
    const second = { ...owner, uid: 'uid-fan3' };
    const results = await Promise.allSettled([
      changeStaffRole(handle.db, owner, 'uid-fan3', 'support'),
      changeStaffRole(handle.db, second, owner.uid, 'support'),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const owners = (await listStaff(handle.db, owner)).filter((row) => row.role === 'owner');
    expect(owners).toHaveLength(1);

    // With two owners, one may leave; then the other is the last.
    const remaining = owners[0]!.uid;
    const other = remaining === owner.uid ? 'uid-fan3' : owner.uid;
    const actorOf = (uid: string) => ({ ...owner, uid });
    await changeStaffRole(handle.db, actorOf(remaining), other, 'owner');
    await removeStaff(handle.db, actorOf(other), other);
    expect(
      (await listStaff(handle.db, actorOf(remaining))).filter((row) => row.role === 'owner'),
    ).toHaveLength(1);
    await expect(removeStaff(handle.db, actorOf(remaining), remaining)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });
});
