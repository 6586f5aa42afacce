import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { z } from '@/lib/zod';
import { isAppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/app';
import { requireSite } from '@/features/site/app';
import { SupportThreadPage } from '@/features/support/app';

export const metadata: Metadata = { title: 'お問い合わせ' };

type Props = { params: Promise<{ host: string; id: string }> };

export default async function StaffSupportThreadRoute({ params }: Props) {
  const { host, id } = await params;
  const actor = await requireStaffPage(host, 'support:answer', paths.staff.supportThread(id));
  if (!z.uuid().safeParse(id).success) notFound();
  const site = await requireSite({ params });
  try {
    return await SupportThreadPage({ actor, site, id });
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
}
