import 'server-only';
import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { staffApi } from '@/features/staff/app';
import { getPaymentProvider } from '@/features/billing/server/provider';
import { handleDisputeSchema, markDisputeHandled } from './handle-dispute';

/** POST /api/staff/sales/disputes/[id]/handled: a chargeback marked 対応済み with what staff did. */
export const handleDisputeApi = staffApi<{ host: string; id: string }>(
  'disputes:handle',
  async ({ db, actor, site, params, body }) => {
    const parsed = handleDisputeSchema.safeParse(body ?? {});
    if (!parsed.success) return jsonInvalid(parsed.error.issues);
    const now = await (await getPaymentProvider()).now(site.id);
    const { handledAt } = await markDisputeHandled(db, actor, params.id, parsed.data.note, now);
    return jsonOk({ handledAt: handledAt.toISOString() });
  },
);
