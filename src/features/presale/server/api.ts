import 'server-only';
import { z } from '@/lib/zod';
import { AppError } from '@/lib/errors';
import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { consumeRateLimit } from '@/server/rate-limit/limiter';
import { findMember } from '@/features/membership/server';
import { memberPost } from '@/features/membership/app';
import { renewSitePages, staffApi } from '@/features/staff/app';
import { recordAudit } from '@/features/staff/server';
import { getPaymentProvider } from '@/features/billing/server';
import { jstDateTime, presaleSetupSchema } from '@/features/presale/schemas';
import { extendPresaleWindow, presaleIdOfItem, savePresale } from './setup';
import { cancelPresaleEvent, finishCancellation } from './cancel';
import { paidCsvFileName, paidListCsv } from './paid-list';
import { payWinAgain } from './pay';
import { confirmWinAuthentication } from './authenticate';
import { releaseSeats, runSecondChance, setSecondChance } from './second-chance';

type ItemParams = { host: string; itemId: string };
type PresaleParams = { host: string; id: string };

/** PUT /api/staff/presales/[itemId]: staff set up the presale of a TICKET item (or change it before it opens). */
export const putPresale = staffApi<ItemParams>('content:write', async ({ params, actor, db, site, body }) => {
  const parsed = presaleSetupSchema.safeParse(body);
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  const presale = await savePresale(db, actor, params.itemId, parsed.data);
  // The item's page shows the presale's window (and no longer the shared code): renewed at once.
  await renewSitePages(db, site.id);
  return jsonOk({ id: presale.id, commitment: presale.commitment });
});

const extendSchema = z.object({ closesAt: jstDateTime, resultsAt: jstDateTime });

/** POST /api/staff/presales/[itemId]/extend: a later close, the one change allowed once the window opened. */
export const postExtend = staffApi<ItemParams>('content:write', async ({ params, actor, db, site, body }) => {
  const parsed = extendSchema.safeParse(body);
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  const presale = await extendPresaleWindow(
    db,
    actor,
    await presaleIdOfItem(db, actor.siteId, params.itemId),
    parsed.data.closesAt,
    parsed.data.resultsAt,
  );
  await renewSitePages(db, site.id);
  return jsonOk({ closesAt: presale.closesAt.toISOString(), resultsAt: presale.resultsAt.toISOString() });
});

/** POST /api/presales/[id]/payment: the fan pays a won application again by card (after a refusal). */
export const postPayment = memberPost<PresaleParams>(
  async ({ params, site, viewer, db }) => {
    if (!z.uuid().safeParse(params.id).success) throw new AppError('NOT_FOUND');
    const member = await findMember(db, site.id, viewer.uid);
    if (!member) throw new AppError('NOT_FOUND', 'お申し込みが見つかりませんでした。');
    await consumeRateLimit(db, 'presale:account', `${site.id}:${viewer.uid}`);
    const provider = await getPaymentProvider();
    const paid = await payWinAgain(db, provider, member, params.id, await provider.now(site.id));
    return jsonOk(paid);
  },
  { fresh: true },
);

const authenticateSchema = z.object({ approve: z.boolean().optional() });

/**
 * POST /api/presales/[id]/payment/authenticate: the fan is back from 3-D Secure (Stripe: after Stripe.js confirmed
 * the charge; the sandbox: `approve` is the fan's answer on its stand-in page). The charge is read again and the
 * win paid once, however many times this and the provider's event arrive (docs/decisions/0047).
 */
export const postAuthenticate = memberPost<PresaleParams>(
  async ({ params, site, viewer, db, body }) => {
    if (!z.uuid().safeParse(params.id).success) throw new AppError('NOT_FOUND');
    const parsed = authenticateSchema.safeParse(body ?? {});
    if (!parsed.success) return jsonInvalid(parsed.error.issues);
    const member = await findMember(db, site.id, viewer.uid);
    if (!member) throw new AppError('NOT_FOUND', 'お申し込みが見つかりませんでした。');
    await consumeRateLimit(db, 'presale:account', `${site.id}:${viewer.uid}`);
    const provider = await getPaymentProvider();
    // The sandbox's answer is the fan's own click on its stand-in page; Stripe's comes from Stripe.
    const approve = provider.kind === 'sandbox' ? parsed.data.approve : undefined;
    // The win's deadline is the presale's, in real time (the jobs that set and enforce it run on the clock): not the
    // sandbox's billing clock, which the demo and its tests move ahead to renew memberships.
    return jsonOk(await confirmWinAuthentication(db, provider, member, params.id, new Date(), approve));
  },
  { fresh: true },
);

/** GET /api/staff/presales/[itemId]/paid.csv: the paid list for Excel (owner, editor); each export audited. */
export const getPaidCsv = staffApi<ItemParams>('presales:paid', async ({ params, actor, db }) => {
  const body = await paidListCsv(db, actor, params.itemId);
  const name = paidCsvFileName(new Date());
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});

const cancelSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, '中止の理由を入力してください。')
    .max(200, '中止の理由は200文字以内で入力してください。'),
});

/**
 * POST /api/staff/presales/[itemId]/cancel: the owner cancels the event (中止). Marked and audited once; the refunds
 * start now and the presale job finishes what is left (a provider outage, a crash).
 */
export const postCancel = staffApi<ItemParams>('presales:cancel', async ({ params, actor, db, body }) => {
  const parsed = cancelSchema.safeParse(body);
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  const presale = await cancelPresaleEvent(db, actor, params.itemId, parsed.data.reason, new Date());
  let finished = false;
  try {
    await finishCancellation(db, await getPaymentProvider(), presale, new Date());
    finished = true;
  } catch (error) {
    console.warn('presale: refunds left for the job:', (error as Error).message);
  }
  return jsonOk({ cancelledAt: presale.cancelledAt!.toISOString(), refundsFinished: finished });
});

const secondChanceSchema = z.object({ stay: z.boolean({ error: '希望するかどうかを選んでください。' }) });

/** POST /api/presales/[id]/second-chance: a member who lost stays in line for 復活当選 (or leaves it). */
export const postSecondChance = memberPost<PresaleParams>(async ({ params, site, viewer, db, body }) => {
  if (!z.uuid().safeParse(params.id).success) throw new AppError('NOT_FOUND');
  const parsed = secondChanceSchema.safeParse(body ?? {});
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  const member = await findMember(db, site.id, viewer.uid);
  if (!member) throw new AppError('NOT_FOUND', 'お申し込みが見つかりませんでした。');
  await consumeRateLimit(db, 'presale:account', `${site.id}:${viewer.uid}`);
  return jsonOk(await setSecondChance(db, site.id, member.id, params.id, parsed.data.stay, new Date()));
});

const releaseSchema = z.object({
  offeringId: z.uuid({ error: '席種を選んでください。' }),
  seats: z.coerce
    .number({ error: '席数は1〜10000の整数で入力してください。' })
    .int({ error: '席数は1〜10000の整数で入力してください。' })
    .min(1, { error: '席数は1〜10000の整数で入力してください。' })
    .max(10000, { error: '席数は1〜10000の整数で入力してください。' }),
});

/** POST /api/staff/presales/[itemId]/released-seats: 制作開放席 for the next 復活当選 round (audited). */
export const postReleasedSeats = staffApi<ItemParams>(
  'content:write',
  async ({ params, actor, db, body }) => {
    const parsed = releaseSchema.safeParse(body);
    if (!parsed.success) return jsonInvalid(parsed.error.issues);
    const presaleId = await presaleIdOfItem(db, actor.siteId, params.itemId);
    await releaseSeats(db, actor, presaleId, parsed.data.offeringId, parsed.data.seats);
    return jsonOk({ released: parsed.data.seats });
  },
);

/**
 * POST /api/staff/presales/[itemId]/second-chance: staff run the 復活当選 round now (exactly once per round, however
 * many clicks arrive); the winners' payments follow in the presale job.
 */
export const postSecondChanceRound = staffApi<ItemParams>('content:write', async ({ params, actor, db }) => {
  const presaleId = await presaleIdOfItem(db, actor.siteId, params.itemId);
  const run = await runSecondChance(db, actor.siteId, presaleId, new Date());
  await recordAudit(db, actor, {
    action: 'presale.second-chance',
    targetType: 'presale',
    targetId: presaleId,
    before: null,
    after: run,
  });
  return jsonOk(run);
});
