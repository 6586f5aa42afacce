import { jsonOk } from '@/server/http/responses';
import { staffApi } from '@/features/staff/app';
import { retirePlan } from '@/features/staff/server';

/** POST: the plan is no longer offered; its members keep it. */
export const POST = staffApi<{ host: string; id: string }>('plans:write', async ({ db, actor, params }) => {
  const plan = await retirePlan(db, actor, params.id);
  return jsonOk({ plan: { id: plan.id, active: plan.active } });
});
