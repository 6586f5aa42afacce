import 'server-only';
import { AppError } from '@/lib/errors';
import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { findMember } from '@/features/membership/server';
import { memberPost } from '@/features/membership/app';
import { staffApi } from '@/features/staff/app';
import { getPaymentProvider } from '@/features/billing/server';
import { idSchema, listSchema, resaleSettingsSchema, waitSchema } from '../schemas';
import { listTickets, withdrawListing } from './listing';
import { joinWait, leaveWait } from './waits';
import { payMatch } from './settle';
import { matchNow, resaleCsv, saveResaleSettings } from './staff';

type ActionParams = { host: string; action: string };

/**
 * POST /api/resale/[action]: the member's 公式リセール — list (出品), withdraw (出品の取消), wait (リセール待ち),
 * leave (待ちの取消), pay (当選分の支払い). Bad input is a 4xx with the reason in Japanese.
 */
export const postResaleAction = memberPost<ActionParams>(
  async ({ params, site, viewer, db, body }) => {
    const member = await findMember(db, site.id, viewer.uid);
    if (!member?.memberNumber) throw new AppError('FORBIDDEN', '会員の方だけがご利用いただけます。');
    switch (params.action) {
      case 'list': {
        const parsed = listSchema.safeParse(body);
        if (!parsed.success) return jsonInvalid(parsed.error.issues);
        return jsonOk(await listTickets(db, member, parsed.data.presaleId, parsed.data.ticketIds));
      }
      case 'withdraw': {
        const parsed = idSchema.safeParse(body);
        if (!parsed.success) return jsonInvalid(parsed.error.issues);
        await withdrawListing(db, member, parsed.data.id);
        return jsonOk({ done: true });
      }
      case 'wait': {
        const parsed = waitSchema.safeParse(body);
        if (!parsed.success) return jsonInvalid(parsed.error.issues);
        const wait = await joinWait(db, member, parsed.data);
        return jsonOk({ id: wait.id });
      }
      case 'leave': {
        const parsed = idSchema.safeParse(body);
        if (!parsed.success) return jsonInvalid(parsed.error.issues);
        await leaveWait(db, member, parsed.data.id);
        return jsonOk({ done: true });
      }
      case 'pay': {
        const parsed = idSchema.safeParse(body);
        if (!parsed.success) return jsonInvalid(parsed.error.issues);
        return jsonOk(await payMatch(db, await getPaymentProvider(), member, parsed.data.id));
      }
      default:
        throw new AppError('NOT_FOUND');
    }
  },
  { fresh: true },
);

type ItemParams = { host: string; itemId: string };

/** PUT /api/staff/presales/[itemId]/resale: the presale's resale settings (owner, editor; audited). */
export const putResaleSettings = staffApi<ItemParams>(
  'content:write',
  async ({ params, actor, db, body }) => {
    const parsed = resaleSettingsSchema.safeParse(body);
    if (!parsed.success) return jsonInvalid(parsed.error.issues);
    const saved = await saveResaleSettings(db, actor, params.itemId, parsed.data);
    return jsonOk({ ...saved, resaleUntil: saved.resaleUntil?.toISOString() ?? null });
  },
);

/** POST /api/staff/presales/[itemId]/resale: 今すぐマッチング (a round now; the demo's walk-through). */
export const postResaleMatch = staffApi<ItemParams>('content:write', async ({ params, actor, db }) => {
  const round = await matchNow(db, actor, params.itemId);
  return jsonOk({ round });
});

/** GET /api/staff/presales/[itemId]/resale.csv: listings, matches and refunds (audited). */
export const getResaleCsv = staffApi<ItemParams>('presales:paid', async ({ params, actor, db }) => {
  const body = await resaleCsv(db, actor, params.itemId);
  const name = `resale-${new Date().toISOString().slice(0, 10)}.csv`;
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
