import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { getPaymentProvider } from '@/features/billing/server';
import { staffApi } from '@/features/staff/app';
import { grantComplimentary } from '@/features/billing/server';

/**
 * POST { endsOn: "yyyy-mm-dd" }: complimentary premium until the end of that day (Japan time). Member pages are
 * rendered per request, so the member's next page view is premium: nothing to revalidate.
 */
export const POST = staffApi<{ host: string; id: string }>(
  'members:grant',
  async ({ db, actor, site, params, body }) => {
    const now = await (await getPaymentProvider()).now(site.id);
    const result = await grantComplimentary(db, actor, params.id, body, now);
    if (!result.ok) return jsonInvalid(result.issues);
    const { grant } = result;
    return jsonOk({ grant: { id: grant.id, endsAt: grant.endsAt.toISOString() } }, { status: 201 });
  },
);
