import type { Metadata } from 'next';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/app';
import { MembersPage } from '@/features/billing/app';
import { parseMemberFilter } from '@/features/billing';

export const metadata: Metadata = { title: '会員' };

type Props = {
  params: Promise<{ host: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function StaffMembersRoute({ params, searchParams }: Props) {
  const actor = await requireStaffPage((await params).host, 'members:read', paths.staff.members());
  return <MembersPage actor={actor} filter={parseMemberFilter(await searchParams)} />;
}
