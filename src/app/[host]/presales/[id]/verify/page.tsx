import type { Metadata } from 'next';
import { PageHeading } from '@/components/ui/page-heading';
import { DrawVerifier } from '@/features/presale/ui';

export const metadata: Metadata = { title: '抽選の検証' };

/** Public: anyone can recompute a published draw; the record holds receipt numbers only, no names. */
export default async function VerifyDrawPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ entry?: string }>;
}) {
  const { id } = await params;
  const { entry } = await searchParams;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 md:py-12">
      <PageHeading>抽選の検証</PageHeading>
      <DrawVerifier presaleId={id} entry={typeof entry === 'string' ? entry.slice(0, 20) : ''} />
    </div>
  );
}
