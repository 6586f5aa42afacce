import 'server-only';
import type { Db } from '@/server/db/client';
import { listJobStatus, type JobStatus } from '@/server/jobs';
import { assertCan, type StaffActor } from '@/features/staff/server/actor';

/**
 * The platform's background jobs as the owner's console lists them. They are the platform's, not one site's: a
 * job's failure message must name no member or site (the jobs write none; errors are the database's or a provider's).
 */
export async function jobsForOwner(db: Db, actor: StaffActor): Promise<JobStatus[]> {
  assertCan(actor, 'jobs:read');
  return listJobStatus(db);
}
