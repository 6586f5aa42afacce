import { jsonOk } from '@/server/http/responses';
import { staffApi, renewSitePages } from '@/features/staff/app';
import { offerPlanAgain } from '@/features/billing/server';

/** POST: a retired plan is offered again, at its unchanged price. */
export const POST = staffApi<{ host: string; id: string }>(
  'plans:write',
  async ({ db, actor, site, params }) => {
    const plan = await offerPlanAgain(db, actor, params.id);
    // The locked items' entry price (the cheapest offered plan) is in the site's kept renderings.
    await renewSitePages(db, site.id);
    return jsonOk({ plan: { id: plan.id, active: plan.active } });
  },
);
