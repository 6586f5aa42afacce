import type { Metadata } from 'next';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/app';
import { SalesPage } from '@/features/billing/app';

export const metadata: Metadata = { title: '売上' };

type Props = {
  params: Promise<{ host: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function StaffSalesRoute({ params, searchParams }: Props) {
  const actor = await requireStaffPage((await params).host, 'sales:read', paths.staff.sales());
  const { month } = await searchParams;
  return <SalesPage actor={actor} month={typeof month === 'string' ? month : undefined} />;
}
