// Public entry of the site feature: React components and hooks; nothing here reaches server-only code, so client components may import it.
// Other folders import the feature only through its entries (decision 0030).

export { DemoBadge } from './components/demo-badge';
export { SectionBadge } from './components/section-badge';
export { SiteFooter } from './components/site-footer';
export { SiteHeader } from './components/site-header';
export { SiteTheme } from './components/site-theme';
export { TopPage } from './components/top-page';
