import 'server-only';
import { inArray } from 'drizzle-orm';
import { env } from '@/server/env';
import type { Db } from '@/server/db/client';
import { siteHosts, sites } from '@/server/db/schema';
import { siteConfigSchema } from '@/features/site';
import type { MailLook } from './mail-layout';

export interface SiteMail {
  siteId: string;
  from: { name: string; address: string };
  look: MailLook;
}

/** The address a site's links start with: its MAIL.SITE_URL, else its main host name (the demo's on http and PORT). */
export function siteUrlOf(hosts: string[], configured: string | undefined): string {
  if (configured) return configured.replace(/\/$/, '');
  // The main host: a name rather than an address, the shortest of them (localhost before mio.localhost).
  const named = hosts.filter((host) => !/^[\d.]+$/.test(host)).sort((a, b) => a.length - b.length);
  const host = named[0] ?? hosts[0] ?? 'localhost';
  const local = host === 'localhost' || host.endsWith('.localhost') || env.DEMO_MODE === 'true';
  return local ? `http://${host}:${env.PORT}` : `https://${host}`;
}

/** Sender, name, colours and address of each site, for the worker (read once per batch). */
export async function siteMails(db: Db, siteIds: string[]): Promise<Map<string, SiteMail>> {
  if (siteIds.length === 0) return new Map();
  const [rows, hosts] = await Promise.all([
    db.select({ id: sites.id, config: sites.config }).from(sites).where(inArray(sites.id, siteIds)),
    db.select().from(siteHosts).where(inArray(siteHosts.siteId, siteIds)),
  ]);
  const result = new Map<string, SiteMail>();
  for (const row of rows) {
    const config = siteConfigSchema.parse(row.config);
    const siteUrl = siteUrlOf(
      hosts.filter((host) => host.siteId === row.id).map((host) => host.host),
      config.MAIL?.SITE_URL,
    );
    const fallbackAddress = `no-reply@${new URL(siteUrl).hostname}`;
    result.set(row.id, {
      siteId: row.id,
      from: {
        name: config.MAIL?.FROM_NAME ?? config.SERVICE_NAME,
        address: config.MAIL?.FROM_ADDRESS ?? fallbackAddress,
      },
      look: {
        siteName: config.SERVICE_NAME,
        siteUrl,
        copyright: config.COPYRIGHT,
        colors: config.THEME.COLORS,
      },
    });
  }
  return result;
}

/** One site's, for a page that shows what a mail looks like. */
export async function siteMail(db: Db, siteId: string): Promise<SiteMail | null> {
  const rows = await siteMails(db, [siteId]);
  return rows.get(siteId) ?? null;
}
