import type { Metadata } from 'next';
import NotFound from '@/app/not-found';

export const metadata: Metadata = { title: 'ページが見つかりません', robots: { index: false } };

// proxy.ts serves this, with status 404, to a host no site owns. A CDN may keep it a minute, so a newly added
// site's host starts working quickly. The underscore keeps the path from ever being a site's host name.
export const revalidate = 60;

export default NotFound;
