import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { isAppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/app';
import { MemberDetailPage } from '@/features/billing/app';
import { requireSite } from '@/features/site/app';

export const metadata: Metadata = { title: '会員の詳細' };

type Props = { params: Promise<{ host: string; id: string }> };

export default async function StaffMemberRoute({ params }: Props) {
  const { host, id } = await params;
  const actor = await requireStaffPage(host, 'members:read', paths.staff.member(id));
  const site = await requireSite({ params });
  try {
    return await MemberDetailPage({ actor, site, memberId: id });
  } catch (error) {
    // Another site's member, or no member at all: the same 404.
    if (isAppError(error) && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
}
