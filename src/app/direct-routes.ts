import type { DirectRoute } from '@/server/http/direct-routes';
import { liveDirectRoutes } from '@/features/live/server';
import { presaleDirectRoutes } from '@/features/presale/server';
import { chatDirectRoutes } from '@/features/chat/server';

/**
 * The addresses the app answers without Next.js (docs/decisions/0034), listed here beside the routes Next.js answers
 * (app/[host]): together they are every address of the app. The front server tries these before Next.js; none of
 * them may also exist as a route.ts (direct-routes.test.ts), which would never be reached.
 *
 * - GET  /api/presales/item/{itemId}: an item's presale as the viewer sees it (the opening's and the results' peak)
 * - POST /api/presales/{id}/application: apply, change, cancel; a companion accepts or declines (the opening's peak)
 * - POST /api/live/rtmp/publish and /api/live/rtmp/publish-done: the media server's callbacks (decision 0050), which
 *   name no site's host
 * - GET  /api/chat/{itemId}/stream: a live item's chat as Server-Sent Events, for as long as the viewer watches (0051)
 * - POST /api/chat/{itemId}/messages, …/reports, …/moderation; GET …/reports: write, report, moderate
 */
export const DIRECT_ROUTES: readonly DirectRoute[] = [
  ...presaleDirectRoutes,
  ...liveDirectRoutes,
  ...chatDirectRoutes,
];
