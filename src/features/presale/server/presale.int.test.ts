import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@/test/db';
import { executeRows } from '@/server/db/raw';
import { demoSiteFile } from '@/test/site-fixtures';
import {
  complimentaryGrants,
  contentItems,
  presaleApplications,
  presaleOfferings,
  presales,
} from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember, joinMember, type Member } from '@/features/membership/server';
import type { StaffActor } from '@/features/staff';
import { LOCAL_BEACON_NOTE, verifyDrawRecord, type DrawRecord } from '@/features/presale/draw';
import { applicationSchema, presaleSetupSchema, type ApplicationInput } from '@/features/presale/schemas';
import { applyToPresale, cancelApplication, updateApplication } from './apply';
import { answerInvitation } from './companions';
import { QUICKNET } from '@/features/presale/draw/drand';
import type { BeaconPlan } from './beacon';
import { closeAndDrawDue, drawPresale, freezePresale } from './close-and-draw';
import { extendPresaleWindow, savePresale, type Presale } from './setup';
import { staffPresaleDetail, staffPresaleList } from './staff-view';
import { presaleForViewer } from './view';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let mio: Site;
let editor: StaffActor;
const T0 = new Date('2026-12-01T01:00:00Z'); // 10:00 JST: the window opens
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);

async function premiumMember(uid: string, site = mio): Promise<Member> {
  const member = await ensureMember(handle.db, site.id, uid);
  await joinMember(handle.db, member.id, new Date('2026-01-01T00:00:00Z'));
  await handle.db.insert(complimentaryGrants).values({
    siteId: site.id,
    memberId: member.id,
    endsAt: new Date('2027-06-01T00:00:00Z'),
    grantedBy: 'test',
  });
  return (await ensureMember(handle.db, site.id, uid))!;
}

async function setUp(
  capacities = [4, 2],
  plan?: BeaconPlan,
): Promise<{ presale: Presale; offerings: string[] }> {
  const [item] = await handle.db
    .insert(contentItems)
    .values({ siteId: mio.id, section: 'ticket', title: 'LIVE 2027', state: 'published' })
    .returning();
  const setup = presaleSetupSchema.parse({
    performances: [
      {
        startsAt: '2027-02-01T18:00',
        doorsAt: '2027-02-01T17:00',
        venue: 'Zepp Haneda',
        offerings: capacities.map((capacity, i) => ({ seatType: `席種${i}`, capacity, priceYen: 8800 })),
      },
    ],
    ticketsPerApplication: 2,
    choiceCount: 2,
    opensAt: '2026-12-01T10:00',
    closesAt: '2026-12-08T23:59',
    resultsAt: '2026-12-10T12:00',
    joinedBefore: '2026-11-30T23:59',
    companionRule: 'member',
    konbiniDeadlineDays: 3,
  });
  const presale = await savePresale(handle.db, editor, item!.id, setup, at(-24), plan);
  const offerings = await handle.db
    .select({ id: presaleOfferings.id })
    .from(presaleOfferings)
    .where(eq(presaleOfferings.presaleId, presale.id))
    .orderBy(presaleOfferings.seatType);
  return { presale, offerings: offerings.map((o) => o.id) };
}

const form = (input: Omit<ApplicationInput, 'paymentMethod'> & Partial<ApplicationInput>) =>
  applicationSchema.parse({ paymentMethod: 'konbini', ...input });

beforeAll(async () => {
  handle = await createTestDb();
  mio = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  editor = {
    siteId: mio.id,
    uid: 'editor',
    email: 'editor@example.com',
    displayName: '編集',
    role: 'editor',
  };
});
afterAll(async () => handle?.drop());

describe('a presale', () => {
  it('takes one application per person, companions included, and refuses what its rules do not allow', async () => {
    const { presale, offerings } = await setUp();
    const [a, b, c] = await Promise.all(['p-a', 'p-b', 'p-c'].map((uid) => premiumMember(uid)));
    const apply = (who: Member, input: Parameters<typeof form>[0], now = at(1)) =>
      applyToPresale(handle.db, mio.id, who, presale.id, form(input), now);

    await expect(
      apply(a!, { choices: [offerings[0]!], tickets: 1, companions: [] }, at(-1)),
    ).rejects.toMatchObject({ status: 409 });
    await expect(apply(a!, { choices: [offerings[0]!], tickets: 3, companions: [] })).rejects.toMatchObject({
      status: 422,
    });
    await expect(apply(a!, { choices: [offerings[0]!], tickets: 2, companions: [] })).rejects.toMatchObject({
      status: 422,
    });
    await expect(
      apply(a!, { choices: [offerings[0]!], tickets: 2, companions: [String(a!.memberNumber)] }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      apply(a!, { choices: [crypto.randomUUID()], tickets: 1, companions: [] }),
    ).rejects.toMatchObject({ status: 422 });
    // After the close; more choices than the presale allows (each answered with its own reason).
    await expect(
      apply(a!, { choices: [offerings[0]!], tickets: 1, companions: [] }, at(24 * 8)),
    ).rejects.toMatchObject({ status: 409, message: 'この先行受付の受付は終了しました。' });
    await expect(
      apply(a!, { choices: [offerings[0]!, offerings[1]!, crypto.randomUUID()], tickets: 1, companions: [] }),
    ).rejects.toMatchObject({ status: 422, message: '希望は第2希望までです。' });

    const first = await apply(a!, {
      choices: [offerings[0]!, offerings[1]!],
      tickets: 2,
      companions: [String(b!.memberNumber)],
    });
    expect(first.receiptNo).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    // b is a's companion: c cannot name b; once b accepted, b cannot apply either (unanswered, b could: issue 37).
    await expect(
      apply(c!, { choices: [offerings[0]!], tickets: 2, companions: [String(b!.memberNumber)] }),
    ).rejects.toMatchObject({ status: 422 });
    await answerInvitation(handle.db, mio.id, b!, presale.id, 'accept', at(1));
    await expect(apply(b!, { choices: [offerings[0]!], tickets: 1, companions: [] })).rejects.toMatchObject({
      status: 409,
    });
    // Ten at once from one member give one.
    const rush = await Promise.allSettled(
      Array.from({ length: 10 }, () => apply(c!, { choices: [offerings[0]!], tickets: 1, companions: [] })),
    );
    expect(rush.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const live = await handle.db
      .select()
      .from(presaleApplications)
      .where(and(eq(presaleApplications.presaleId, presale.id), eq(presaleApplications.memberId, c!.id)));
    expect(live).toHaveLength(1);
  });

  it('lets a companion decline, the applicant change and cancel, and a cancelled member apply again', async () => {
    const { presale, offerings } = await setUp();
    const [a, b] = await Promise.all(['q-a', 'q-b'].map((uid) => premiumMember(uid)));
    await applyToPresale(
      handle.db,
      mio.id,
      a!,
      presale.id,
      form({ choices: [offerings[0]!], tickets: 2, companions: [String(b!.memberNumber)] }),
      at(1),
    );
    await answerInvitation(handle.db, mio.id, b!, presale.id, 'decline', at(2));
    const own = await applyToPresale(
      handle.db,
      mio.id,
      b!,
      presale.id,
      form({ choices: [offerings[1]!], tickets: 1, companions: [] }),
      at(3),
    );
    expect(own.status).toBe('applied');
    const changed = await updateApplication(
      handle.db,
      mio.id,
      a!,
      presale.id,
      form({ choices: [offerings[1]!, offerings[0]!], tickets: 1, companions: [] }),
      at(4),
    );
    expect(changed.tickets).toBe(1);
    await cancelApplication(handle.db, mio.id, a!, presale.id, at(5));
    await applyToPresale(
      handle.db,
      mio.id,
      a!,
      presale.id,
      form({ choices: [offerings[0]!], tickets: 1, companions: [] }),
      at(6),
    );
    await expect(cancelApplication(handle.db, mio.id, a!, presale.id, at(24 * 9))).rejects.toMatchObject({
      status: 409,
    });
  });

  it('shows each member their own application, choices in rank order and companions, or their invitation', async () => {
    const { presale, offerings } = await setUp();
    const [a, b, c] = await Promise.all(['v-a', 'v-b', 'v-c'].map((uid) => premiumMember(uid)));
    await applyToPresale(
      handle.db,
      mio.id,
      a!,
      presale.id,
      form({ choices: [offerings[1]!, offerings[0]!], tickets: 2, companions: [String(b!.memberNumber)] }),
      at(1),
    );
    await answerInvitation(handle.db, mio.id, b!, presale.id, 'accept', at(2));
    const [mine, invited, none] = await Promise.all(
      [a, b, c].map((who) => presaleForViewer(handle.db, mio.id, presale.itemId, who!, at(3))),
    );
    expect(mine?.state).toBe('open');
    expect(mine?.mine).toMatchObject({
      tickets: 2,
      status: 'applied',
      choices: [offerings[1], offerings[0]],
      companions: [{ memberNumber: b!.memberNumber, nickname: b!.nickname, status: 'accepted' }],
    });
    expect(mine?.invitation).toBeNull();
    expect(mine?.canApply).toEqual({ ok: false, reason: 'お申し込み済みです。' });
    expect(invited?.mine).toBeNull();
    expect(invited?.invitation).toMatchObject({
      receiptNo: mine?.mine?.receiptNo,
      tickets: 2,
      status: 'accepted',
    });
    expect(none).toMatchObject({ mine: null, invitation: null, canApply: { ok: true, reason: null } });
  });

  it('keeps its rules once open, but its window can be extended', async () => {
    const { presale } = await setUp();
    await expect(
      extendPresaleWindow(handle.db, editor, presale.id, presale.closesAt, presale.resultsAt, at(1)),
    ).rejects.toMatchObject({ status: 422 });
    const later = new Date(presale.closesAt.getTime() + 86_400_000);
    const extended = await extendPresaleWindow(handle.db, editor, presale.id, later, later, at(1));
    expect(extended.closesAt).toEqual(later);
  });

  it('shows staff the saved rules in Japan time as they typed them, editable only until it opens', async () => {
    const { presale } = await setUp([5, 7]);
    const before = await staffPresaleDetail(handle.db, mio.id, presale.itemId, at(-1));
    expect(before.presale).toMatchObject({
      editable: true,
      state: 'upcoming',
      commitment: presale.commitment,
    });
    expect(before.values).toMatchObject({ opensAt: '2026-12-01T10:00', resultsAt: '2026-12-10T12:00' });
    expect(before.values.performances[0]).toMatchObject({
      startsAt: '2027-02-01T18:00',
      doorsAt: '2027-02-01T17:00',
    });
    // Saved again unchanged, the form's values give the same rules.
    const again = await savePresale(
      handle.db,
      editor,
      presale.itemId,
      presaleSetupSchema.parse(before.values),
      at(-1),
    );
    expect(again.opensAt).toEqual(presale.opensAt);
    expect((await staffPresaleDetail(handle.db, mio.id, presale.itemId, at(1))).presale).toMatchObject({
      editable: false,
      state: 'open',
    });
    const row = (await staffPresaleList(handle.db, mio.id, at(1))).find((r) => r.itemId === presale.itemId);
    expect(row).toMatchObject({ presaleId: presale.id, state: 'open', applications: 0 });
  });

  it('is frozen and drawn once after the close, within capacity, with a record that verifies', async () => {
    const { presale, offerings } = await setUp([3, 2]);
    const fans = await Promise.all(Array.from({ length: 8 }, (_, i) => premiumMember(`r-${i}`)));
    // Pairs: fan 2k applies with fan 2k+1 as companion; fan 6's companion (7) never answers.
    for (let k = 0; k < 4; k++) {
      await applyToPresale(
        handle.db,
        mio.id,
        fans[2 * k]!,
        presale.id,
        form({
          choices: [offerings[0]!, offerings[1]!],
          tickets: 2,
          companions: [String(fans[2 * k + 1]!.memberNumber)],
        }),
        at(1),
      );
      if (k < 3) await answerInvitation(handle.db, mio.id, fans[2 * k + 1]!, presale.id, 'accept', at(2));
    }
    // Fan 4 is no longer premium at the draw: their entry is voided, not drawn.
    await handle.db
      .update(complimentaryGrants)
      .set({ revokedAt: at(3) })
      .where(eq(complimentaryGrants.memberId, fans[4]!.id));
    const afterClose = new Date(presale.closesAt.getTime() + 1000);
    const [once, twice] = await Promise.all([
      closeAndDrawDue(handle.db, afterClose),
      closeAndDrawDue(handle.db, afterClose),
    ]);
    expect(once + twice).toBeGreaterThanOrEqual(1);
    const [drawn] = await handle.db.select().from(presales).where(eq(presales.id, presale.id));
    expect(drawn!.recordFile).not.toBeNull();
    const record = JSON.parse(drawn!.recordFile!) as DrawRecord;
    expect(record.beacon).toMatchObject({ source: 'local', note: LOCAL_BEACON_NOTE });
    expect(await verifyDrawRecord(record)).toMatchObject({ ok: true });
    const rows = await handle.db
      .select()
      .from(presaleApplications)
      .where(eq(presaleApplications.presaleId, presale.id));
    const seats = (offering: string) =>
      rows
        .filter((r) => r.status === 'won' && r.wonOfferingId === offering)
        .reduce((sum, r) => sum + r.tickets, 0);
    expect(seats(offerings[0]!)).toBeLessThanOrEqual(3);
    expect(seats(offerings[1]!)).toBeLessThanOrEqual(2);
    expect(rows.find((r) => r.memberId === fans[6]!.id)?.tickets).toBe(1);
    expect(rows.find((r) => r.memberId === fans[4]!.id)).toMatchObject({
      status: 'void',
      voidReason: '抽選時点でプレミアム会員ではありません',
    });
    expect(
      rows.filter((r) => r.memberId !== fans[4]!.id).every((r) => ['won', 'lost'].includes(r.status)),
    ).toBe(true);
    expect(await closeAndDrawDue(handle.db, afterClose)).toBe(0);
  });

  it('writes the draw on each application in place (heap-only), and a cancellation always with its time', async () => {
    const { presale, offerings } = await setUp([2, 2]);
    const fans = await Promise.all(Array.from({ length: 6 }, (_, i) => premiumMember(`hot-${i}`)));
    for (const fan of fans) {
      const choices = { choices: [offerings[0]!, offerings[1]!], tickets: 1, companions: [] };
      await applyToPresale(handle.db, mio.id, fan, presale.id, form(choices), at(1));
    }
    await cancelApplication(handle.db, mio.id, fans[5]!, presale.id, at(2));
    const afterClose = new Date(presale.closesAt.getTime() + 1000);
    expect(await freezePresale(handle.db, presale.id, afterClose)).toBe(true);
    // This transaction's own counts: the draw's updates of the five live applications, none of them moving an index
    // entry (an index that reads status, as the one-per-member index once did, makes every one a full update).
    const counts = await handle.db.transaction(async (tx) => {
      // Read before and after: the embedded database keeps counting past its transactions.
      const read = async () =>
        (
          await executeRows<{ updated: number; heapOnly: number }>(
            tx,
            sql`select n_tup_upd::int as "updated", n_tup_hot_upd::int as "heapOnly"
                  from pg_stat_xact_user_tables where relname = 'presale_applications'`,
          )
        )[0] ?? { updated: 0, heapOnly: 0 };
      const before = await read();
      expect(await drawPresale(tx, presale.id, afterClose)).toBe(true);
      const after = await read();
      return { updated: after.updated - before.updated, heapOnly: after.heapOnly - before.heapOnly };
    });
    expect(counts).toEqual({ updated: 5, heapOnly: 5 });
    const [live] = await handle.db
      .select({ id: presaleApplications.id })
      .from(presaleApplications)
      .where(eq(presaleApplications.memberId, fans[0]!.id));
    // The one-per-member index reads cancelled_at: a status and a time that disagree are refused by the check
    // (SQLSTATE 23514, on the driver's error that Drizzle wraps).
    const refusal = (change: ReturnType<typeof sql>) =>
      handle.db.execute(change).then(
        () => 'saved',
        (error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code,
      );
    expect(
      await refusal(sql`update presale_applications set status = 'cancelled' where id = ${live!.id}`),
    ).toBe('23514');
    expect(
      await refusal(sql`update presale_applications set cancelled_at = now() where id = ${live!.id}`),
    ).toBe('23514');
  });

  it('is not drawn with a stored beacon its record would refuse (a hand-edited row)', async () => {
    const { presale } = await setUp();
    const afterClose = new Date(presale.closesAt.getTime() + 1000);
    expect(await freezePresale(handle.db, presale.id, afterClose)).toBe(true);
    // The column's type allows any note (src/server/db/json-types.ts); the record allows only the documented one.
    const beacon = { source: 'local' as const, round: 1, randomness: 'ab'.repeat(32), note: 'ローカル' };
    await handle.db.update(presales).set({ beacon }).where(eq(presales.id, presale.id));
    await expect(drawPresale(handle.db, presale.id, afterClose)).rejects.toThrow(/stored beacon/);
    const [row] = await handle.db
      .select({ drawnAt: presales.drawnAt, recordFile: presales.recordFile })
      .from(presales)
      .where(eq(presales.id, presale.id));
    expect(row).toEqual({ drawnAt: null, recordFile: null });
    // Gone, so that the later tests' draw job does not stop at it.
    await handle.db.delete(presales).where(eq(presales.id, presale.id));
  });

  it('draws with the drand round fixed at its close, only once the round is out and its signature checks', async () => {
    // quicknet round 657413 as published; the relay below serves it, or a forged copy.
    const published = {
      round: 657413,
      randomness: 'fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587',
      signature:
        'b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b',
    };
    let served = { ...published, signature: `${published.signature.slice(0, -2)}00` };
    const relay: Server = createServer((request, response) => {
      const found = request.url === `/public/${published.round}`;
      response.writeHead(found ? 200 : 404, { 'Content-Type': 'application/json' });
      response.end(found ? JSON.stringify(served) : '{}');
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    try {
      // A chain whose first round after the close (2026-12-08 23:59 JST) is the published one (same network key).
      const closesAt = new Date('2026-12-08T14:59:00Z');
      const genesisTime = closesAt.getTime() / 1000 - 657411 * 3;
      const chain = { ...QUICKNET, genesisTime };
      const { presale, offerings } = await setUp([2], { source: 'drand', chain });
      // Fixed when it was set up, before any entry: the freeze does not choose it.
      expect(presale).toMatchObject({ beaconSource: 'drand', beaconRound: 657413, closesAt });
      const fan = await premiumMember('drand-fan');
      await applyToPresale(
        handle.db,
        mio.id,
        fan,
        presale.id,
        form({ choices: [offerings[0]!], tickets: 1, companions: [] }),
        at(1),
      );
      const close = new Date(presale.closesAt.getTime() + 1000);
      const drand = {
        url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
        chain,
        timeoutMs: 2000,
      };
      const later = (seconds: number) => new Date(close.getTime() + seconds * 1000);
      expect(await closeAndDrawDue(handle.db, close, drand)).toBe(0);
      const [frozen] = await handle.db.select().from(presales).where(eq(presales.id, presale.id));
      expect(frozen).toMatchObject({ beaconRound: 657413, beacon: null });
      expect(frozen!.entryListHash).not.toBeNull();
      // Not out yet, then out but forged: no draw.
      expect(await closeAndDrawDue(handle.db, later(1), drand)).toBe(0);
      expect(await closeAndDrawDue(handle.db, later(5), drand)).toBe(0);
      served = published;
      expect(await closeAndDrawDue(handle.db, later(10), drand)).toBe(1);
      const [drawn] = await handle.db.select().from(presales).where(eq(presales.id, presale.id));
      const record = JSON.parse(drawn!.recordFile!) as DrawRecord;
      expect(record.beacon).toEqual({ source: 'drand', ...published });
      expect(await verifyDrawRecord(record)).toMatchObject({ ok: true });
      const forged = { ...record, beacon: { ...record.beacon!, round: 657414 } };
      expect((await verifyDrawRecord(forged)).problems).toContain(
        '乱数ビーコン（drand ラウンド 657414）の署名を検証できません（第1節）。',
      );
    } finally {
      relay.close();
    }
  });
});
