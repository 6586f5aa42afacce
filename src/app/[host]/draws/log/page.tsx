import type { Metadata } from 'next';
import { requireSite, type HostParams } from '@/features/site/app';
import { DrawLogPage } from '@/features/presale/app';

export const metadata: Metadata = { title: '抽選ログ' };

/** Public, signed out too: the site's hash-chained draw log. */
export default async function DrawLogRoute(props: HostParams) {
  return <DrawLogPage site={await requireSite(props)} />;
}
