import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { staffApi } from '@/features/staff/app';
import { addStaffSchema } from '@/features/staff';
import { addStaff, tenantAccountLookup } from '@/features/staff/server';

/** POST { email, role }: an existing account of this site becomes staff. */
export const POST = staffApi<{ host: string }>('staff:manage', async ({ db, actor, site, body }) => {
  const parsed = addStaffSchema.safeParse(body ?? {});
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  const added = await addStaff(db, actor, parsed.data, tenantAccountLookup(site));
  return jsonOk({ staff: { uid: added.uid, role: added.role } }, { status: 201 });
});
