import { jsonOk } from '@/server/http/responses';
import { staffApi } from '@/features/staff/app';
import { offerPlanAgain } from '@/features/staff/server';

/** POST: a retired plan is offered again, at its unchanged price. */
export const POST = staffApi<{ host: string; id: string }>('plans:write', async ({ db, actor, params }) => {
  const plan = await offerPlanAgain(db, actor, params.id);
  return jsonOk({ plan: { id: plan.id, active: plan.active } });
});
