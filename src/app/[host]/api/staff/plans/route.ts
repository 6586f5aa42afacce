import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { staffApi, renewSitePages } from '@/features/staff/app';
import { createPlanSchema } from '@/features/billing';
import { createPlan } from '@/features/billing/server';

/**
 * POST: a new plan, offered at once. A locked item names the cheapest plan beside its way in (a kept rendering), so
 * the site's pages are renewed.
 */
export const POST = staffApi<{ host: string }>('plans:write', async ({ db, actor, site, body }) => {
  const parsed = createPlanSchema.safeParse(body ?? {});
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  const plan = await createPlan(db, actor, parsed.data);
  // The locked items' entry price (the cheapest offered plan) is in the site's kept renderings.
  await renewSitePages(db, site.id);
  return jsonOk({ plan: { id: plan.id, code: plan.code } }, { status: 201 });
});
