import { AppError } from '@/lib/errors';
import { isUuid } from '@/lib/uuid';
import { jsonOk } from '@/server/http/responses';
import { staffApi } from '@/features/staff/app';
import { removeTenureBenefit } from '@/features/content/server';

/** POST: removes a tenure benefit (its holders no longer see it), audited. */
export const POST = staffApi<{ host: string; id: string }>('content:write', async ({ db, actor, params }) => {
  if (!isUuid(params.id)) throw new AppError('NOT_FOUND');
  await removeTenureBenefit(db, actor, params.id);
  return jsonOk({ removed: true });
});
