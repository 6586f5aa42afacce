import { jsonOk } from '@/server/http/responses';
import { staffApi, renewSitePages } from '@/features/staff/app';
import { retirePlan } from '@/features/billing/server';

/** POST: the plan is no longer offered; its members keep it. */
export const POST = staffApi<{ host: string; id: string }>(
  'plans:write',
  async ({ db, actor, site, params }) => {
    const plan = await retirePlan(db, actor, params.id);
    // The locked items' entry price (the cheapest offered plan) is in the site's kept renderings.
    await renewSitePages(db, site.id);
    return jsonOk({ plan: { id: plan.id, active: plan.active } });
  },
);
