import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { staffApi } from '@/features/staff/server/staff-api';
import { addStaffSchema } from '@/features/staff/team/schemas';
import { addStaff } from '@/features/staff/team/server/team';
import { tenantAccountLookup } from '@/features/staff/team/server/tenant-lookup';

/** POST { email, role }: an existing account of this site becomes staff. */
export const POST = staffApi<{ host: string }>('staff:manage', async ({ db, actor, site, body }) => {
  const parsed = addStaffSchema.safeParse(body ?? {});
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  const added = await addStaff(db, actor, parsed.data, tenantAccountLookup(site));
  return jsonOk({ staff: { uid: added.uid, role: added.role } }, { status: 201 });
});
