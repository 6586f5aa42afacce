import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import type { HostParams } from '@/features/site';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/app';
import { StaffShell } from '@/features/staff/ui';

// Staff pages are for one signed-in person each: rendered per request, never cached.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { default: 'スタッフ管理', template: '%s | スタッフ管理' },
  robots: { index: false, follow: false },
};

export default async function StaffLayout(props: HostParams & { children: ReactNode }) {
  const actor = await requireStaffPage((await props.params).host, null, paths.staff.home());
  return <StaffShell actor={actor}>{props.children}</StaffShell>;
}
