import 'server-only';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { getDb } from '@/server/db';
import { normalizeHost } from '@/features/site/host';
import type { Site } from '@/features/site/server/repository';
import { siteForHost } from '@/features/site/server/site-cache';

/** The params every page under app/[host] receives; proxy.ts puts the request's host name there. */
export interface HostParams {
  params: Promise<{ host: string }>;
}

/** The site that owns this host name, or null. Once per render, however many components ask. */
export const getSite = cache(async (hostParam: string): Promise<Site | null> => {
  const host = normalizeHost(decodeURIComponent(hostParam));
  return host ? siteForHost(await getDb(), host) : null;
});

/** The site of the route's host; a host no club owns gets the plain 404 page. */
export async function requireSite({ params }: HostParams): Promise<Site> {
  return (await getSite((await params).host)) ?? notFound();
}
