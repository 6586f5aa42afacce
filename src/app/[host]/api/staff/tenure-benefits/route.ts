import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { staffApi } from '@/features/staff/app';
import { tenureBenefitSchema } from '@/features/content';
import { addTenureBenefit } from '@/features/content/server';

/** POST: a benefit attached to one of the site's tenure marks (issue 43), audited. */
export const POST = staffApi<{ host: string }>('content:write', async ({ db, actor, site, body }) => {
  const parsed = tenureBenefitSchema.safeParse(body ?? {});
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  const benefit = await addTenureBenefit(db, actor, site, parsed.data);
  return jsonOk({ benefit }, { status: 201 });
});
