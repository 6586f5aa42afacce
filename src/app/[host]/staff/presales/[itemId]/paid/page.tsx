import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { z } from '@/lib/zod';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/app';
import { PaidPage } from '@/features/presale/app';

export const metadata: Metadata = { title: '入金済み一覧' };

type Params = { params: Promise<{ host: string; itemId: string }> };

export default async function StaffPresalePaidRoute({ params }: Params) {
  const { host, itemId } = await params;
  if (!z.uuid().safeParse(itemId).success) notFound();
  const actor = await requireStaffPage(host, 'presales:paid', paths.staff.presalePaid(itemId));
  return <PaidPage actor={actor} itemId={itemId} />;
}
