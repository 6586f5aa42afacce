import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { staffApi } from '@/features/staff/app';
import { changeRoleSchema } from '@/features/staff';
import { changeStaffRole, removeStaff } from '@/features/staff/server';

type Params = { host: string; uid: string };

/** PATCH { role }: a new role; the last owner keeps theirs (409). */
export const PATCH = staffApi<Params>('staff:manage', async ({ db, actor, params, body }) => {
  const parsed = changeRoleSchema.safeParse(body ?? {});
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  const changed = await changeStaffRole(db, actor, params.uid, parsed.data.role);
  return jsonOk({ staff: { uid: changed.uid, role: changed.role } });
});

/** DELETE: no longer staff (the account stays); the last owner cannot be removed (409). */
export const DELETE = staffApi<Params>('staff:manage', async ({ db, actor, params }) => {
  await removeStaff(db, actor, params.uid);
  return jsonOk({ removed: true });
});
