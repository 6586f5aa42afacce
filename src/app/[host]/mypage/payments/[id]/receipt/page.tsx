import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { isAppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import { requireJoinedMember } from '@/features/membership/app';
import { getPaymentProvider, findReceiptPayment } from '@/features/billing/server';
import { Receipt } from '@/features/billing/app';

// Personal: one member's payment, never cached.
export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: '領収書', robots: { index: false } };

type Params = { params: Promise<{ host: string; id: string }> };

export default async function ReceiptPage({ params }: Params) {
  const { id } = await params;
  const { site, member } = await requireJoinedMember(params, paths.receipt(id));
  // Only the member's own paid payments have a receipt; anything else is the site's 404, saying nothing of it.
  const payment = await findReceiptPayment(await getDb(), await getPaymentProvider(), member, id).catch(
    (error: unknown) => {
      if (isAppError(error) && error.code === 'NOT_FOUND') notFound();
      throw error;
    },
  );
  return <Receipt site={site} member={member} payment={payment} />;
}
