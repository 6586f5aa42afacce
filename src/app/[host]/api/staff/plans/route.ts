import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { staffApi } from '@/features/staff/app';
import { createPlanSchema } from '@/features/staff';
import { createPlan } from '@/features/staff/server';

/** POST: a new plan, offered at once. Plans are shown only on the per-request sign-up pages: nothing to revalidate. */
export const POST = staffApi<{ host: string }>('plans:write', async ({ db, actor, body }) => {
  const parsed = createPlanSchema.safeParse(body ?? {});
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  const plan = await createPlan(db, actor, parsed.data);
  return jsonOk({ plan: { id: plan.id, code: plan.code } }, { status: 201 });
});
