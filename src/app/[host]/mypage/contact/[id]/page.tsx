import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { z } from '@/lib/zod';
import { isAppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { requireJoinedMember } from '@/features/membership/app';
import { ContactThreadPage } from '@/features/support/app';

// Personal: rendered for each request from the session cookie, never cached.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'お問い合わせ', robots: { index: false } };

type Props = { params: Promise<{ host: string; id: string }> };

export default async function ContactThreadRoute({ params }: Props) {
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) notFound();
  const { site, member } = await requireJoinedMember(params, paths.contactThread(id));
  try {
    return await ContactThreadPage({ site, member, id });
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
}
