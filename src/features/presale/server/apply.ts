import 'server-only';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import type { Db } from '@/server/db/client';
import {
  executePreparedRows,
  executeRows,
  isUniqueViolation,
  pgArray,
  placeholderArray,
  placeholderValues,
} from '@/server/db/raw';
import {
  presaleApplications,
  presaleChoices,
  presaleOfferings,
  presaleParticipants,
  presales,
} from '@/server/db/schema';
import type { Member } from '@/features/membership';
import type { Application } from '@/features/presale/schemas';
import { hasPremiumSql } from '@/features/membership/server';
import { eligibilityOf } from './eligibility';
import {
  companionChecksSql,
  judgeCompanions,
  namedCompanions,
  noticeInvited,
  unnamable,
  withdrawInvitation,
  type CompanionCheck,
  type NamedCompanion,
} from './naming';
import { newReceiptNo } from './receipt';
import { presaleColumns, type Presale } from './setup';

export type PresaleApplication = typeof presaleApplications.$inferSelect;

/** A PostgreSQL array literal of ids or words (no commas, quotes or braces in them), for `::uuid[]` or `::text[]`. */

/** The presale's columns an application is checked against (fewer columns, less work at the opening's peak). */
const rulesColumns = {
  id: presales.id,
  siteId: presales.siteId,
  ticketsPerApplication: presales.ticketsPerApplication,
  choiceCount: presales.choiceCount,
  opensAt: presales.opensAt,
  closesAt: presales.closesAt,
  joinedBefore: presales.joinedBefore,
  companionRule: presales.companionRule,
  frozenAt: presales.frozenAt,
  cancelledAt: presales.cancelledAt,
  accessibilityRequests: presales.accessibilityRequests,
};
type PresaleRules = Pick<Presale, keyof typeof rulesColumns>;

/** Refuses a change to a presale whose window is not open now (or whose event was cancelled). */
function assertOpen<P extends PresaleRules>(presale: P, now: Date): P {
  if (presale.cancelledAt) throw new AppError('CONFLICT', 'この公演は中止となりました。');
  if (now < presale.opensAt) throw new AppError('CONFLICT', 'この先行受付はまだ受付前です。');
  if (presale.frozenAt || now >= presale.closesAt)
    throw new AppError('CONFLICT', 'この先行受付の受付は終了しました。');
  return presale;
}

/** The presale of this site, share-locked so that the close (which locks it for update) waits for this change. */
export async function lockOpenPresale(
  db: Db,
  siteId: string,
  presaleId: string,
  now: Date,
): Promise<Presale> {
  const [presale] = await db
    .select(presaleColumns)
    .from(presales)
    .where(and(eq(presales.id, presaleId), eq(presales.siteId, siteId)))
    .for('share')
    .limit(1);
  if (!presale) throw new AppError('NOT_FOUND');
  return assertOpen(presale, now);
}

/**
 * For a new application, in one round trip (the opening is a peak): the presale share-locked as lockOpenPresale does,
 * whether the applicant is premium now, and how many of the chosen offerings belong to this presale.
 */
async function lockForApplication(
  db: Db,
  siteId: string,
  presaleId: string,
  input: Application,
  applicant: Member,
  now: Date,
) {
  const [row] = await db
    .select({
      ...rulesColumns,
      premium: hasPremiumSql(sql`${applicant.id}::uuid`, sql`${now.toISOString()}::timestamptz`),
      offeringsFound: sql<number>`(
        select count(*)::int from presale_offerings o
        where o.presale_id = ${presaleId}::uuid and o.id = any(${pgArray(input.choices)}::uuid[])
      )`,
      // Named by someone else: unanswered, their own application withdraws it; accepted, it binds them.
      invitedAs: sql<'invited' | 'accepted' | null>`(
        select p.companion_status from presale_participants p
        where p.presale_id = ${presaleId}::uuid and p.member_id = ${applicant.id}::uuid and p.role = 'companion'
      )`,
    })
    .from(presales)
    .where(and(eq(presales.id, presaleId), eq(presales.siteId, siteId)))
    .for('share')
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  const { premium, offeringsFound, invitedAs, ...presale } = row;
  return { presale: assertOpen(presale, now), premium, offeringsFound, invitedAs };
}

async function countOfferings(db: Db, presaleId: string, choices: string[]): Promise<number> {
  const offerings = await db
    .select({ id: presaleOfferings.id })
    .from(presaleOfferings)
    .where(and(eq(presaleOfferings.presaleId, presaleId), inArray(presaleOfferings.id, choices)));
  return offerings.length;
}

/** Checks the form against the presale's rules; returns the companions named (each one namable). */
async function checkApplication(
  db: Db,
  presale: PresaleRules,
  applicant: Member,
  input: Application,
  now: Date,
  ownApplicationId: string | null,
  offeringsFound?: number,
  /** The companions' checks, when the caller's statement made them. */
  checked?: CompanionCheck[],
): Promise<NamedCompanion[]> {
  if (input.tickets > presale.ticketsPerApplication) {
    throw new AppError('VALIDATION', `お申し込みは${presale.ticketsPerApplication}枚までです。`);
  }
  if (input.choices.length > presale.choiceCount) {
    throw new AppError('VALIDATION', `希望は第${presale.choiceCount}希望までです。`);
  }
  const found = offeringsFound ?? (await countOfferings(db, presale.id, input.choices));
  if (found !== input.choices.length) {
    throw new AppError('VALIDATION', 'この先行受付にない公演・席種が選ばれています。');
  }
  const wanted = presale.companionRule === 'member' ? input.tickets - 1 : 0;
  if (input.companions.length !== wanted) {
    throw new AppError(
      'VALIDATION',
      wanted === 0
        ? 'この先行受付では同行者の指定はできません。'
        : `同行者${wanted}名の会員番号を入力してください（同行者もファンクラブ会員である必要があります）。`,
    );
  }
  if (accessOf(input).need !== null && !presale.accessibilityRequests) {
    throw new AppError('VALIDATION', 'この先行受付では車椅子席などのご要望は受け付けていません。');
  }
  if (input.companions.includes(applicant.memberNumber ?? -1)) {
    throw new AppError('VALIDATION', 'ご自身を同行者に指定することはできません。');
  }
  if (checked) return judgeCompanions(checked);
  return namedCompanions(db, presale, applicant, input.companions, ownApplicationId, now);
}

/** The accessibility request as stored (decision 0053): none is two nulls; a note only where one was written. */
export function accessOf(input: Application): { need: 'wheelchair' | 'other' | null; note: string | null } {
  const { need, note } = input.access ?? { need: 'none', note: '' };
  if (need === 'none') return { need: null, note: null };
  return { need, note: note === '' ? null : note };
}

/** Writes the participants of an application; another live application holding any of them refuses it whole. */
async function addParticipants(
  db: Db,
  presaleId: string,
  applicationId: string,
  rows: { memberId: string; role: 'applicant' | 'companion'; memberNumber: number | null }[],
) {
  for (const row of rows) {
    const [added] = await db
      .insert(presaleParticipants)
      .values({
        presaleId,
        applicationId,
        memberId: row.memberId,
        role: row.role,
        companionStatus: row.role === 'companion' ? 'invited' : null,
      })
      .onConflictDoNothing()
      .returning({ memberId: presaleParticipants.memberId });
    if (!added) {
      // Taken since the check (a race): the same answer as any member who cannot be named.
      if (row.role === 'companion') throw unnamable(row.memberNumber ?? 0);
      throw new AppError('CONFLICT', ALREADY_APPLIED);
    }
  }
}

const ALREADY_APPLIED = 'この先行受付にはすでにお申し込み済みです（同行者としての参加を含みます）。';

type Participant = { memberId: string; role: 'applicant' | 'companion'; memberNumber: number | null };

/** Another live application holding a participant refuses this one whole (the transaction rolls back). */
function refuseTaken(rows: Participant[], added: Set<string>): void {
  const taken = rows.find((row) => !added.has(row.memberId));
  if (!taken) return;
  if (taken.role === 'companion') throw unnamable(taken.memberNumber ?? 0);
  throw new AppError('CONFLICT', ALREADY_APPLIED);
}

/** What a new application answers: its receipt number is the fan's. */
export type NewApplication = Pick<PresaleApplication, 'id' | 'receiptNo' | 'status'>;

/**
 * A new application, its choices (by rank) and its participants, written in one statement (the opening is a peak).
 * A second live application of the member writes nothing (the one-per-member index); another live application
 * holding a participant refuses this one whole (the transaction rolls back).
 */
async function insertApplication(
  db: Db,
  presaleId: string,
  applicant: Member,
  input: Application,
  rows: Participant[],
): Promise<NewApplication> {
  const [written] = await executeRows<{ id: string; receipt_no: string; status: 'applied'; added: string[] }>(
    db,
    sql`with application as (
      insert into presale_applications (presale_id, member_id, receipt_no, tickets, payment_method, access_need, access_note)
      values (${presaleId}::uuid, ${applicant.id}::uuid, ${newReceiptNo()}, ${input.tickets}, ${input.paymentMethod},
        ${accessOf(input).need}, ${accessOf(input).note})
      on conflict do nothing
      returning id, receipt_no, status
    ), chosen as (
      insert into presale_choices (application_id, rank, offering_id)
      select application.id, c.rank, c.offering_id
      from application, unnest(${pgArray(input.choices)}::uuid[]) with ordinality as c(offering_id, rank)
    ), joined as (
      insert into presale_participants (presale_id, application_id, member_id, role, companion_status)
      select ${presaleId}::uuid, application.id, p.member_id, p.role,
        case when p.role = 'companion' then 'invited' end
      from application,
        unnest(${pgArray(rows.map((r) => r.memberId))}::uuid[], ${pgArray(rows.map((r) => r.role))}::text[])
          as p(member_id, role)
      on conflict do nothing
      returning member_id
    )
    select id, receipt_no, status, array(select member_id::text from joined) as added from application`,
  );
  if (!written) throw new AppError('CONFLICT', 'この先行受付にはすでにお申し込み済みです。');
  refuseTaken(rows, new Set(written.added));
  return { id: written.id, receiptNo: written.receipt_no, status: written.status };
}

/** The presale as the one-statement application's gate saw it (row_to_json: its timestamps are ISO strings). */
interface GateRow {
  id: string;
  site_id: string;
  tickets_per_application: number;
  choice_count: number;
  opens_at: string;
  closes_at: string;
  joined_before: string;
  companion_rule: Presale['companionRule'];
  frozen_at: string | null;
  cancelled_at: string | null;
  accessibility_requests: boolean;
  premium: boolean;
  offerings_found: number;
  invited_as: 'invited' | 'accepted' | null;
}

/** The gate's row, the companions' checks, and the application written (all null when nothing was). */
interface StatementRow {
  presale: GateRow | null;
  companions: CompanionCheck[];
  id: string | null;
  receipt_no: string | null;
  status: 'applied' | null;
}

const dateOf = (value: string | null) => (value === null ? null : new Date(value));

function rulesOfGate(row: GateRow): PresaleRules {
  return {
    id: row.id,
    siteId: row.site_id,
    ticketsPerApplication: row.tickets_per_application,
    choiceCount: row.choice_count,
    opensAt: new Date(row.opens_at),
    closesAt: new Date(row.closes_at),
    joinedBefore: new Date(row.joined_before),
    companionRule: row.companion_rule,
    frozenAt: dateOf(row.frozen_at),
    cancelledAt: dateOf(row.cancelled_at),
    accessibilityRequests: row.accessibility_requests,
  };
}

/** A timestamptz column as Date.toISOString writes it (the notice's data is read back as the TypeScript wrote it). */
const ISO_UTC = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The application statement for this many choices and companions, with placeholders for every value. */
function applicationStatement(choices: number, companions: number): SQL {
  const value = (name: string) => sql.placeholder(name);
  const at = sql`${value('now')}::timestamptz`;
  const choiceArray = placeholderArray('choice', choices, 'uuid');
  const companionArray = placeholderArray('companion', companions, 'int');
  const checks = companionChecksSql(
    {
      id: sql`(select presale.id from presale)`,
      siteId: sql`(select presale.site_id from presale)`,
      joinedBefore: sql`(select presale.joined_before from presale)`,
    },
    sql`${value('applicant')}::uuid`,
    companionArray,
    sql`null::uuid`,
    at,
  );
  // The item's page for the notice, as paths.item writes it (the path is built in one place).
  const itemPath = sql`replace(replace(${paths.item('{section}', '{id}')}, '{section}', ci.section), '{id}', ci.id::text)`;
  return sql`with presale as materialized (
    select p.id, p.site_id, p.item_id, p.tickets_per_application, p.choice_count, p.opens_at, p.closes_at,
      p.joined_before, p.companion_rule, p.frozen_at, p.cancelled_at, p.accessibility_requests,
      ${hasPremiumSql(sql`${value('applicant')}::uuid`, at)} as premium,
      (select count(*)::int from presale_offerings o
        where o.presale_id = p.id and o.id = any(${choiceArray})) as offerings_found,
      (select pp.companion_status from presale_participants pp
        where pp.presale_id = p.id and pp.member_id = ${value('applicant')}::uuid and pp.role = 'companion') as invited_as
    from presales p
    where p.id = ${value('presale')}::uuid and p.site_id = ${value('site')}::uuid
    for share of p
  ), named as materialized (
    ${checks}
  ), application as (
    insert into presale_applications (presale_id, member_id, receipt_no, tickets, payment_method, access_need,
      access_note)
    select presale.id, ${value('applicant')}::uuid, ${value('receiptNo')}, ${value('tickets')}, ${value('paymentMethod')},
      ${value('accessNeed')}, ${value('accessNote')}
    from presale
    where presale.cancelled_at is null and presale.opens_at <= ${at}                  -- assertOpen
      and presale.frozen_at is null and ${at} < presale.closes_at
      and ${value('memberNumber')}::int is not null and presale.premium                -- eligibilityOf
      and ${value('joinedAt')}::timestamptz < presale.joined_before
      and presale.invited_as is null                      -- a companion: accepted binds, invited is withdrawn
      and ${value('tickets')} <= presale.tickets_per_application                           -- checkApplication
      and ${value('choiceCount')} <= presale.choice_count and presale.offerings_found = ${value('choiceCount')}
      and ${value('companionCount')} =                                -- the rule wants tickets - 1 named
        case when presale.companion_rule = 'member' then ${value('tickets')} - 1 else 0 end
      and ${value('memberNumber')}::int <> all(${companionArray})  -- not oneself
      and (${value('accessNeed')}::text is null or presale.accessibility_requests)      -- a request where offered
      and not exists (select 1 from named where not named.ok)                          -- namedCompanions
    on conflict do nothing
    returning id, receipt_no, status
  ), chosen as (
    insert into presale_choices (application_id, rank, offering_id)
    select application.id, c.rank, c.offering_id
    from application, unnest(${choiceArray}) with ordinality as c(offering_id, rank)
  ), joined as (
    insert into presale_participants (presale_id, application_id, member_id, role, companion_status)
    select ${value('presale')}::uuid, application.id, ${value('applicant')}::uuid, 'applicant', null from application
    union all
    select ${value('presale')}::uuid, application.id, named.id, 'companion', 'invited' from application, named
  ), told as (
    -- noticeInvited's notices (naming.ts), as notify writes them.
    insert into notices (site_id, member_id, kind, delivery_key, data)
    select presale.site_id, named.id, 'presale-companion-invited',
      'presale-companion-invited:' || application.id || ':' || named.id || ':' || ${value('nowMs')}::text,
      jsonb_build_object('title', ci.title, 'inviter', ${value('nickname')}::text,
        'tickets', ${value('tickets')}::int, 'answerBy', ${ISO_UTC('presale.closes_at')}, 'path', ${itemPath})
    from application, named, presale join content_items ci on ci.id = presale.item_id
    on conflict do nothing
  )
  select row_to_json(presale) as presale,
    (select coalesce(json_agg(named order by named.ord), '[]') from named) as companions,
    application.id, application.receipt_no, application.status
  from presale left join application on true`;
}

/**
 * An application, with the companions it names, in ONE statement and no transaction (issue 40: the opening's peak;
 * a statement is atomic by itself, and BEGIN and COMMIT would be two round trips more):
 *  - `presale`: the presale share-locked as lockOpenPresale does (the close, which locks it for update, waits for this
 *    statement, and a statement that waited reads the close's frozen row), with what lockForApplication reads beside
 *    it: whether the applicant is premium now, how many chosen offerings are this presale's, and their invitation.
 *  - `named`: each companion's checks (companionChecksSql, naming.ts: the rule is written there only).
 *  - `application`, `chosen`, `joined`, `told`: the application, its choices, its participant rows (the applicant,
 *    each companion invited) and each companion's notice (お知らせ; its mail is sent from the same row, as notify
 *    queues it), written only when the presale accepts it and every companion is ok. That condition is this
 *    function's SQL copy of the rules that the transaction path checks in TypeScript (assertOpen, eligibilityOf,
 *    checkApplication); the statement decides, and when it wrote nothing the same TypeScript checks, run on the rows
 *    it answered, say why. Change a rule in both places: a looser copy would let through an application the rules
 *    refuse, a stricter one answer a refusal as "already applied". The tests refuse through this path before the
 *    opening, after the close, a guest, a late joiner, too many tickets or choices, an offering of another presale, a
 *    companion missing and each kind of unnamable companion.
 *  - The participant rows are inserted without `on conflict`: if the applicant or a companion took part in this
 *    presale since the statement's snapshot (named or applying at that instant), the unique key fails the whole
 *    statement, nothing is written, and the caller takes the transaction path, which answers as before.
 * Answers null when the transaction path must decide: the applicant's own unanswered invitation is to be withdrawn
 * (with a notice to the inviter), or the race above.
 */
async function applyInOneStatement(
  db: Db,
  siteId: string,
  applicant: Member,
  presaleId: string,
  input: Application,
  now: Date,
): Promise<NewApplication | null> {
  const choices = input.choices.length;
  const companions = input.companions.length;
  const access = accessOf(input);
  let rows: StatementRow[];
  try {
    rows = await executePreparedRows<StatementRow>(
      db,
      `apply:${choices}:${companions}`,
      () => applicationStatement(choices, companions),
      {
        now: now.toISOString(),
        nowMs: String(now.getTime()),
        applicant: applicant.id,
        presale: presaleId,
        site: siteId,
        receiptNo: newReceiptNo(),
        tickets: input.tickets,
        paymentMethod: input.paymentMethod,
        accessNeed: access.need,
        accessNote: access.note,
        memberNumber: applicant.memberNumber,
        joinedAt: applicant.joinedAt?.toISOString() ?? null,
        choiceCount: choices,
        companionCount: companions,
        nickname: applicant.nickname,
        ...placeholderValues('choice', input.choices),
        ...placeholderValues('companion', input.companions),
      },
    );
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
  const [row] = rows;
  if (!row?.presale) throw new AppError('NOT_FOUND');
  if (row.id && row.receipt_no && row.status)
    return { id: row.id, receiptNo: row.receipt_no, status: row.status };
  // Nothing written: the reason, in the order the transaction path checks.
  const gate = row.presale;
  const presale = assertOpen(rulesOfGate(gate), now);
  const allowed = eligibilityOf(presale, applicant, gate.premium ? 'premium' : 'guest');
  if (!allowed.ok) throw new AppError('FORBIDDEN', allowed.reason);
  if (gate.invited_as === 'accepted') throw new AppError('CONFLICT', ALREADY_APPLIED);
  if (gate.invited_as === 'invited') return null;
  await checkApplication(db, presale, applicant, input, now, null, gate.offerings_found, row.companions);
  // Every rule allowed it: the one-per-member index (or a receipt number taken) wrote nothing.
  throw new AppError('CONFLICT', 'この先行受付にはすでにお申し込み済みです。');
}

/**
 * One application per member and presale: the database refuses a second whatever arrives at once. One statement
 * (applyInOneStatement); withdrawing one's own invitation, or a participant taken at that instant, one transaction.
 */
export async function applyToPresale(
  db: Db,
  siteId: string,
  applicant: Member,
  presaleId: string,
  input: Application,
  now = new Date(),
): Promise<NewApplication> {
  const application = await applyInOneStatement(db, siteId, applicant, presaleId, input, now);
  return application ?? applyInTransaction(db, siteId, applicant, presaleId, input, now);
}

/** An application with its companions (their checks, their participant rows, their notices), or any other. */
async function applyInTransaction(
  db: Db,
  siteId: string,
  applicant: Member,
  presaleId: string,
  input: Application,
  now: Date,
): Promise<NewApplication> {
  return db.transaction(async (tx) => {
    const checked = await lockForApplication(tx, siteId, presaleId, input, applicant, now);
    const { presale } = checked;
    const allowed = eligibilityOf(presale, applicant, checked.premium ? 'premium' : 'guest');
    if (!allowed.ok) throw new AppError('FORBIDDEN', allowed.reason);
    // An accepted companion agreed to go with someone: they stay bound until that applicant lets them go.
    if (checked.invitedAs === 'accepted') throw new AppError('CONFLICT', ALREADY_APPLIED);
    const companions = await checkApplication(
      tx,
      presale,
      applicant,
      input,
      now,
      null,
      checked.offeringsFound,
    );
    if (checked.invitedAs === 'invited') await withdrawInvitation(tx, presaleId, applicant, now);
    const application = await insertApplication(tx, presaleId, applicant, input, [
      { memberId: applicant.id, role: 'applicant', memberNumber: applicant.memberNumber },
      ...companions.map((c) => ({
        memberId: c.id,
        role: 'companion' as const,
        memberNumber: c.memberNumber,
      })),
    ]);
    await noticeInvited(
      tx,
      presaleId,
      applicant,
      { id: application.id, tickets: input.tickets },
      companions,
      now,
    );
    return application;
  });
}

async function ownApplication(db: Db, presaleId: string, memberId: string): Promise<PresaleApplication> {
  const [application] = await db
    .select()
    .from(presaleApplications)
    .where(
      and(
        eq(presaleApplications.presaleId, presaleId),
        eq(presaleApplications.memberId, memberId),
        isNull(presaleApplications.cancelledAt),
      ),
    )
    .for('update')
    .limit(1);
  if (!application) throw new AppError('NOT_FOUND', 'お申し込みが見つかりませんでした。');
  return application;
}

/** Changes choices, tickets or companions until the close; a companion who stays keeps their answer. */
export async function updateApplication(
  db: Db,
  siteId: string,
  applicant: Member,
  presaleId: string,
  input: Application,
  now = new Date(),
): Promise<PresaleApplication> {
  return db.transaction(async (tx) => {
    const presale = await lockOpenPresale(tx, siteId, presaleId, now);
    const application = await ownApplication(tx, presaleId, applicant.id);
    const companions = await checkApplication(tx, presale, applicant, input, now, application.id);
    const kept = await tx
      .select({ memberId: presaleParticipants.memberId })
      .from(presaleParticipants)
      .where(
        and(eq(presaleParticipants.applicationId, application.id), eq(presaleParticipants.role, 'companion')),
      );
    const keptIds = new Set(kept.map((row) => row.memberId));
    const stays = new Set(companions.map((c) => c.id));
    const leaving = [...keptIds].filter((id) => !stays.has(id));
    if (leaving.length) {
      await tx
        .delete(presaleParticipants)
        .where(
          and(eq(presaleParticipants.presaleId, presaleId), inArray(presaleParticipants.memberId, leaving)),
        );
    }
    const invited = companions.filter((c) => !keptIds.has(c.id));
    await addParticipants(
      tx,
      presaleId,
      application.id,
      invited.map((c) => ({ memberId: c.id, role: 'companion' as const, memberNumber: c.memberNumber })),
    );
    await noticeInvited(
      tx,
      presaleId,
      applicant,
      { id: application.id, tickets: input.tickets },
      invited,
      now,
    );
    await tx.delete(presaleChoices).where(eq(presaleChoices.applicationId, application.id));
    await tx
      .insert(presaleChoices)
      .values(
        input.choices.map((offeringId, i) => ({ applicationId: application.id, rank: i + 1, offeringId })),
      );
    const [updated] = await tx
      .update(presaleApplications)
      .set({
        tickets: input.tickets,
        paymentMethod: input.paymentMethod,
        accessNeed: accessOf(input).need,
        accessNote: accessOf(input).note,
        updatedAt: now,
      })
      .where(eq(presaleApplications.id, application.id))
      .returning();
    return updated!;
  });
}

/** Cancels until the close: the applicant and the companions are free to take part again. */
export async function cancelApplication(
  db: Db,
  siteId: string,
  applicant: Member,
  presaleId: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOpenPresale(tx, siteId, presaleId, now);
    const application = await ownApplication(tx, presaleId, applicant.id);
    await tx.delete(presaleParticipants).where(eq(presaleParticipants.applicationId, application.id));
    await tx
      .update(presaleApplications)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(eq(presaleApplications.id, application.id));
  });
}
