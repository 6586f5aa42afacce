import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { isAppError } from '@/lib/errors';
import { z } from '@/lib/zod';
import { paths } from '@/lib/paths';
import { requireStaffPage } from '@/features/staff/app';
import { PresaleStaffPage } from '@/features/presale/app';

export const metadata: Metadata = { title: '先行受付の設定' };

export default async function StaffPresaleRoute(props: {
  params: Promise<{ host: string; itemId: string }>;
}) {
  const { host, itemId } = await props.params;
  if (!z.uuid().safeParse(itemId).success) notFound();
  const actor = await requireStaffPage(host, 'content:write', paths.staff.presale(itemId));
  try {
    return await PresaleStaffPage({ actor, itemId });
  } catch (error) {
    // Another site's item, or not a TICKET item: the same 404.
    if (isAppError(error) && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
}
