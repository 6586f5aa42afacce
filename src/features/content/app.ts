// Public entry of the content feature: server code that needs Next.js (next/headers, next/cache, next/server, server components); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { itemMetadata, ItemRoute } from './components/routes/item-route';
export { sectionMetadata, SectionRoute } from './components/routes/section-route';
export { TopRoute } from './components/routes/top-route';
export { getSectionPage } from './server/content-api';
export { feedXml, sitemapXml, xmlRoute } from './server/feeds';
export { MyTenureBenefits } from './components/my-tenure-benefits';
export { TenureBenefitsPage } from './staff/tenure/components/tenure-benefits-page';
