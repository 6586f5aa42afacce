import type { Metadata } from 'next';
import { requireSite } from '@/features/site/app';
import { VerifyPage } from '@/features/presale/app';

export const metadata: Metadata = { title: '抽選の検証' };

/** Public: anyone can recompute a published draw. */
export default async function VerifyDrawRoute(props: {
  params: Promise<{ host: string; id: string }>;
  searchParams: Promise<{ entry?: string }>;
}) {
  const [{ id }, { entry }] = await Promise.all([props.params, props.searchParams]);
  return (
    <VerifyPage
      site={await requireSite(props)}
      presaleId={id}
      entry={typeof entry === 'string' ? entry.slice(0, 20) : ''}
    />
  );
}
