import type { Metadata } from 'next';
import { paths } from '@/lib/paths';
import { requireSite, type HostParams } from '@/features/site/app';
import { requireStaffPage } from '@/features/staff/app';
import { LegalListPage } from '@/features/consent/app';

export const metadata: Metadata = { title: '規約・法定表示' };

export default async function StaffLegalRoute(props: HostParams) {
  const actor = await requireStaffPage((await props.params).host, 'legal:write', paths.staff.legal());
  return <LegalListPage actor={actor} site={await requireSite(props)} />;
}
