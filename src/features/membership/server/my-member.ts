import 'server-only';
import { notFound } from 'next/navigation';
import { getDb } from '@/server/db';
import { requireSite } from '@/features/site/app';
import type { Site } from '@/features/site';
import { requireViewer } from '@/features/auth/app';
import type { Viewer } from '@/features/auth';
import { findMember, type Member } from '@/features/membership/server/members';

/** For My page's sub-pages: the signed-in member of this site who has joined, or sign-in / 404. */
export async function requireJoinedMember(
  params: Promise<{ host: string }>,
  returnTo: string,
): Promise<{ site: Site; viewer: Viewer; member: Member }> {
  const viewer = await requireViewer((await params).host, returnTo);
  const site = await requireSite({ params });
  const member = await findMember(await getDb(), site.id, viewer.uid);
  if (!member?.memberNumber) notFound();
  return { site, viewer, member };
}
