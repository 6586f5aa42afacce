import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { executeRows } from '@/server/db/raw';
import {
  complimentaryGrants,
  drawRounds,
  members,
  presaleApplications,
  presaleChoices,
  presaleParticipants,
  presaleReleasedSeats,
  presaleResults,
} from '@/server/db/schema';
import type { Site } from '@/features/site/server';
import { ensureMember, findMember, joinMember, type Member } from '@/features/membership/server';
import { runSecondChance, setSecondChance } from '@/features/presale/server';
import type { DemoUser } from './seed-auth';

/** Every n-th lost entrant of the crowd stays in line for the demo's 復活当選 round. */
const IN_LINE_EVERY = 4;
/** 制作開放席 the demo's staff released for that round, per offering index (DRAWN_OFFERINGS). */
const RELEASED = [
  { offering: 1, seats: 12 },
  { offering: 3, seats: 8 },
];

/**
 * 復活当選 in the demo (issue 41): on mio's drawn presale, after its results, one lost entrant of the crowd is the
 * demo account `lost@mio.example.com` (the first lost application by receipt number that a single member made for
 * one ticket with one choice is handed to it: its receipt number stays the one in the published record, which
 * holds no names), so a new user can walk 「復活当選を希望する」 with a real loss; a quarter of the other lost entrants
 * (those who did not list that seat type) stay in line, the staff release 制作開放席 and the round is drawn among
 * hundreds, its record linked to the first.
 * The demo account is not in line: that step is the visitor's. Idempotent (a second start finds the round).
 */
export async function seedDemoSecondChance(
  db: Db,
  site: Site,
  presaleId: string,
  offerings: string[],
  users: DemoUser[],
  owner: DemoUser,
  now: Date,
): Promise<void> {
  const [done] = await db
    .select({ id: drawRounds.id })
    .from(drawRounds)
    .where(eq(drawRounds.presaleId, presaleId));
  if (done) return;
  const lostUser = users.find((user) => user.role === 'lost');
  const fan = lostUser && (await premiumFan(db, site, lostUser, now));
  const lost = await db
    .select({ id: presaleApplications.id, memberId: presaleApplications.memberId })
    .from(presaleApplications)
    .where(
      and(
        eq(presaleApplications.presaleId, presaleId),
        eq(presaleApplications.status, 'lost'),
        isNull(presaleApplications.secondChanceAt),
      ),
    )
    .orderBy(asc(presaleApplications.receiptNo));
  if (lost.length === 0) return;
  let handed: string | null = null;
  let handedOffering: string | null = null;
  if (fan) {
    const [single] = await executeRows<{ id: string; offering: string }>(
      db,
      sql`
      select a.id, (select c.offering_id from presale_choices c where c.application_id = a.id) as offering
      from presale_applications a
      where a.presale_id = ${presaleId} and a.status = 'lost' and a.tickets = 1
        and (select count(*) from presale_choices c where c.application_id = a.id) = 1
        and (select count(*) from presale_participants p where p.application_id = a.id) = 1
      order by a.receipt_no limit 1`,
    );
    if (single) {
      handed = single.id;
      handedOffering = single.offering;
      await db
        .update(presaleApplications)
        .set({ memberId: fan.id, paymentMethod: 'konbini' })
        .where(eq(presaleApplications.id, single.id));
      await db
        .update(presaleParticipants)
        .set({ memberId: fan.id })
        .where(eq(presaleParticipants.applicationId, single.id));
      await db
        .update(presaleResults)
        .set({ memberId: fan.id })
        .where(eq(presaleResults.applicationId, single.id));
    }
  }
  // Those who listed the demo account's seat type stay out of line, so that the seat a visitor's staff release for
  // it goes to the visitor (the browser test relies on it): a fair draw among one.
  const listers = handedOffering
    ? new Set(
        (
          await db
            .select({ id: presaleChoices.applicationId })
            .from(presaleChoices)
            .innerJoin(presaleApplications, eq(presaleApplications.id, presaleChoices.applicationId))
            .where(
              and(
                eq(presaleApplications.presaleId, presaleId),
                eq(presaleChoices.offeringId, handedOffering),
              ),
            )
        ).map((row) => row.id),
      )
    : new Set<string>();
  const others = lost.filter(
    (application) =>
      application.id !== handed && application.memberId !== fan?.id && !listers.has(application.id),
  );
  for (const [index, application] of others.entries()) {
    if (index % IN_LINE_EVERY !== 0) continue;
    await setSecondChance(db, site.id, application.memberId, presaleId, true, now);
  }
  for (const release of RELEASED) {
    const offeringId = offerings[release.offering];
    if (offeringId)
      await db
        .insert(presaleReleasedSeats)
        .values({ presaleId, offeringId, seats: release.seats, staffUid: owner.uid });
  }
  await runSecondChance(db, site.id, presaleId, now);
}

/** The lost demo fan: a long-standing premium member (by a grant, as the 3-D Secure fan), who took part in the presale. */
async function premiumFan(db: Db, site: Site, user: DemoUser, now: Date): Promise<Member> {
  const existing = await findMember(db, site.id, user.uid);
  if (existing?.memberNumber) return existing;
  const member = await ensureMember(db, site.id, user.uid, user.email);
  await joinMember(db, member.id, new Date(now.getTime() - 120 * 86_400_000));
  await db.insert(complimentaryGrants).values({
    siteId: site.id,
    memberId: member.id,
    endsAt: new Date(now.getTime() + 400 * 86_400_000),
    grantedBy: 'demo',
  });
  await db
    .update(members)
    .set({ nickname: user.displayName, familyName: '復活', givenName: '待ち' })
    .where(eq(members.id, member.id));
  return (await findMember(db, site.id, user.uid))!;
}
