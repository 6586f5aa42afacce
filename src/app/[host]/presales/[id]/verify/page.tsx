import type { Metadata } from 'next';
import { requireSite } from '@/features/site/app';
import { VerifyPage } from '@/features/presale/app';

export const metadata: Metadata = { title: '抽選の検証' };

/** Public: anyone can recompute a published draw. */
export default async function VerifyDrawRoute(props: {
  params: Promise<{ host: string; id: string }>;
  searchParams: Promise<{ entry?: string; round?: string }>;
}) {
  const [{ id }, { entry, round }] = await Promise.all([props.params, props.searchParams]);
  const number = typeof round === 'string' && /^[1-9][0-9]{0,6}$/.test(round) ? Number(round) : null;
  return (
    <VerifyPage
      site={await requireSite(props)}
      presaleId={id}
      round={number !== null && number >= 2 ? number : null}
      entry={typeof entry === 'string' ? entry.slice(0, 20) : ''}
    />
  );
}
