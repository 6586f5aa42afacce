import { jsonOk } from '@/server/http/responses';
import { getPaymentProvider } from '@/features/billing/server';
import { staffApi } from '@/features/staff/app';
import { revokeGrant } from '@/features/billing/server';

/** DELETE: ends a running complimentary grant now (the record stays, marked revoked, for the member's history). */
export const DELETE = staffApi<{ host: string; id: string; grantId: string }>(
  'members:grant',
  async ({ db, actor, site, params }) => {
    const now = await (await getPaymentProvider()).now(site.id);
    const grant = await revokeGrant(db, actor, params.id, params.grantId, now);
    return jsonOk({ grant: { id: grant.id, revokedAt: grant.revokedAt?.toISOString() ?? null } });
  },
);
