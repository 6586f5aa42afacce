import 'server-only';
import type { NextRequest } from 'next/server';
import { z } from '@/lib/zod';
import { AppError } from '@/lib/errors';
import { getDb } from '@/server/db';
import { jsonError, jsonFromError, jsonInvalid, jsonOk } from '@/server/http/responses';
import { getSite } from '@/features/site/app';
import { getViewer } from '@/features/auth/app';
import { findMember } from '@/features/membership/server';
import { memberPost } from '@/features/membership/app';
import { staffApi } from '@/features/staff/app';
import { can } from '@/features/staff';
import { doorScansSchema, offerSchema, ticketSettingsSchema } from '@/features/tickets/schemas';
import { codeBatch } from './codes';
import { saveTicketSettings } from './settings';
import { checkIn, doorRoster, scanBounds } from './door';
import { recordDoorSync } from './door-time';
import { acceptTicket, offerTicket } from './transfer';

/** GET /api/tickets/codes: the viewer's next living codes (card and tickets), signed now; never cached. */
export async function getCodes(_request: NextRequest, context: { params: Promise<{ host: string }> }) {
  try {
    const params = await context.params;
    const site = await getSite(params.host);
    if (!site) return jsonError('NOT_FOUND');
    const viewer = await getViewer(params.host);
    if (!viewer) return jsonError('UNAUTHENTICATED');
    const db = await getDb();
    const member = await findMember(db, site.id, viewer.uid);
    if (!member?.memberNumber) return jsonError('FORBIDDEN', '会員の方だけがご利用いただけます。');
    return jsonOk(await codeBatch(db, site.id, member));
  } catch (error) {
    return jsonFromError(error);
  }
}

type TicketParams = { host: string; id: string; action: string };

/** POST /api/tickets/[id]/offer | accept: 分配 by the applicant, and the companion's acceptance. */
export const postTicketAction = memberPost<TicketParams>(
  async ({ params, site, viewer, db, body }) => {
    if (!z.uuid().safeParse(params.id).success) throw new AppError('NOT_FOUND', 'チケットが見つかりません。');
    const member = await findMember(db, site.id, viewer.uid);
    if (!member) throw new AppError('FORBIDDEN');
    if (params.action === 'offer') {
      const parsed = offerSchema.safeParse(body);
      if (!parsed.success) return jsonInvalid(parsed.error.issues);
      await offerTicket(db, site.id, member.id, params.id, parsed.data.to);
      return jsonOk({ done: true });
    }
    if (params.action === 'accept') {
      await acceptTicket(db, site.id, member.id, params.id);
      return jsonOk({ done: true });
    }
    throw new AppError('NOT_FOUND');
  },
  { fresh: true },
);

type ItemParams = { host: string; itemId: string };

/** PUT /api/staff/presales/[itemId]/tickets: 発券日 and the seat reveal time (owner, editor). */
export const putTicketSettings = staffApi<ItemParams>(
  'content:write',
  async ({ params, actor, db, body }) => {
    const parsed = ticketSettingsSchema.safeParse(body);
    if (!parsed.success) return jsonInvalid(parsed.error.issues);
    await saveTicketSettings(db, actor, params.itemId, parsed.data);
    return jsonOk({
      issueAt: parsed.data.issueAt.toISOString(),
      seatsRevealAt: parsed.data.seatsRevealAt.toISOString(),
    });
  },
);

type DoorParams = { host: string; performanceId: string };

/** GET /api/staff/door/[performanceId]: the roster the door keeps on its device for this performance. */
export const getDoorRoster = staffApi<DoorParams>(
  'door:check',
  async ({ params, site, actor, sessionHash, db }) => {
    if (!z.uuid().safeParse(params.performanceId).success)
      throw new AppError('NOT_FOUND', '公演が見つかりません。');
    const now = new Date();
    const roster = await doorRoster(
      db,
      site.id,
      params.performanceId,
      now,
      can(actor.role, 'members:contact'),
    );
    await recordDoorSync(db, sessionHash, site.id, params.performanceId, now);
    return jsonOk(roster);
  },
);

/** POST /api/staff/door/[performanceId]: scans to check in, one at once online or a queue synced when back. */
export const postDoorScans = staffApi<DoorParams>(
  'door:check',
  async ({ params, site, actor, sessionHash, db, body }) => {
    if (!z.uuid().safeParse(params.performanceId).success)
      throw new AppError('NOT_FOUND', '公演が見つかりません。');
    const parsed = doorScansSchema.safeParse(body);
    if (!parsed.success) return jsonInvalid(parsed.error.issues);
    const now = new Date();
    // Offline scans are bounded by this device's sync before this request; the request is the next sync.
    const bounds = parsed.data.scans.some((scan) => scan.offline)
      ? await scanBounds(db, site.id, params.performanceId, sessionHash)
      : undefined;
    const results = [];
    for (const scan of parsed.data.scans) {
      results.push(
        await checkIn(
          db,
          site.id,
          actor.uid,
          params.performanceId,
          scan,
          now,
          bounds,
          can(actor.role, 'members:contact'),
        ),
      );
    }
    await recordDoorSync(db, sessionHash, site.id, params.performanceId, now);
    return jsonOk({ results });
  },
  { maxJsonBytes: 128 * 1024 },
);
