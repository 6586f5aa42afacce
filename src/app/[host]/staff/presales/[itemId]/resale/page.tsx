import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { isAppError } from '@/lib/errors';
import { z } from '@/lib/zod';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import { requireStaffPage } from '@/features/staff/app';
import { ResaleStaffPage } from '@/features/resale/app';
import { presaleIdOfItem } from '@/features/resale/server';

export const metadata: Metadata = { title: '公式リセール' };

type Params = { params: Promise<{ host: string; itemId: string }> };

export default async function StaffPresaleResaleRoute({ params }: Params) {
  const { host, itemId } = await params;
  if (!z.uuid().safeParse(itemId).success) notFound();
  const actor = await requireStaffPage(host, 'content:write', paths.staff.presaleResale(itemId));
  const presaleId = await presaleIdOfItem(await getDb(), actor.siteId, itemId);
  if (!presaleId) notFound();
  try {
    return await ResaleStaffPage({ actor, itemId, presaleId });
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
}
