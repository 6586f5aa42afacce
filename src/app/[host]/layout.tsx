import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { requireSite, type HostParams } from '@/features/site/app';
import { SiteTheme, SiteHeader, SiteFooter, DemoBadge } from '@/features/site/ui';
import { GoogleAnalytics } from '@/features/analytics/ui';
import { Toaster } from '@/components/ui/toaster';
import { ConnectivityNotices } from '@/components/ui/connectivity-notices';
import { AuthProvider, HeaderAuthLinks } from '@/features/auth/ui';
import { authClientConfig } from '@/features/auth/server';
import { normalizeHost } from '@/features/site';
import { env } from '@/server/env';

// Pages are rendered on first request per host and cached; a site's new configuration shows within this many
// seconds, with no rebuild and no restart (docs/decisions/0003-host-routing-and-page-cache.md).
export const revalidate = 30;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata(props: HostParams): Promise<Metadata> {
  const { SERVICE_NAME, DESCRIPTION } = (await requireSite(props)).config;
  return {
    title: { default: SERVICE_NAME, template: `%s | ${SERVICE_NAME}` },
    description: DESCRIPTION,
    openGraph: { siteName: SERVICE_NAME, description: DESCRIPTION, locale: 'ja_JP', type: 'website' },
    alternates: { types: { 'application/rss+xml': '/feed.xml' } },
    // Installable (decision 0054): the site's own manifest and icon, from its configuration.
    manifest: '/site.webmanifest',
    appleWebApp: { capable: true, title: SERVICE_NAME },
  };
}

export async function generateViewport(props: HostParams): Promise<Viewport> {
  return { themeColor: (await requireSite(props)).config.THEME.COLORS.primary };
}

export default async function SiteLayout(props: HostParams & { children: ReactNode }) {
  const site = await requireSite(props);
  const { config } = site;
  const host = normalizeHost(decodeURIComponent((await props.params).host)) ?? '';
  return (
    <AuthProvider config={authClientConfig(site, host)} passwordPolicy={config.PASSWORD_POLICY}>
      <div className="flex min-h-dvh flex-col" data-design={config.DESIGN_TYPE}>
        <SiteTheme config={config} />
        <a
          href="#main"
          className="sr-only z-50 bg-surface px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          本文へスキップ
        </a>
        <SiteHeader config={config} authLinks={<HeaderAuthLinks />} />
        <main id="main" className="flex-1">
          {props.children}
        </main>
        <SiteFooter config={config} />
        <Toaster />
        <ConnectivityNotices />
        {env.DEMO_MODE === 'true' && <DemoBadge />}
        {config.GA_MEASUREMENT_ID && <GoogleAnalytics measurementId={config.GA_MEASUREMENT_ID} />}
      </div>
    </AuthProvider>
  );
}
