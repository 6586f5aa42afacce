import 'server-only';
import { cache } from 'react';
import { forbidden, redirect } from 'next/navigation';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import { getSite } from '@/features/site/app';
import { getReader } from '@/features/auth/app';
import { can, type Permission } from '@/features/staff/roles';
import { findStaffActor, type StaffActor } from '@/features/staff/server/actor';

/**
 * The staff actor of this request on the route's site, or null. Once per render, for pages: the session is read as
 * any page reads it (getReader); staff changes go through staffApi, which waits for the provider's check.
 */
export const getStaffActor = cache(async (hostParam: string): Promise<StaffActor | null> => {
  const [site, viewer] = await Promise.all([getSite(hostParam), getReader(hostParam)]);
  if (!site || !viewer) return null;
  return findStaffActor(await getDb(), site.id, viewer.uid);
});

/**
 * For staff pages: a signed-out visitor is sent to sign in (and back); anyone signed in without the permission on
 * this site gets 403 and nothing else.
 */
export async function requireStaffPage(
  hostParam: string,
  permission: Permission | null,
  returnTo: string,
): Promise<StaffActor> {
  const viewer = await getReader(hostParam);
  if (!viewer) redirect(paths.signIn(returnTo));
  const actor = await getStaffActor(hostParam);
  if (!actor || (permission && !can(actor.role, permission))) forbidden();
  return actor;
}
