import { processWide } from '@/server/process-wide';
import { isAudience, type Audience } from '@/features/content';

/**
 * The audience the front server decided for a request, on the request it hands to Next.js: proxy.ts routes by it
 * instead of asking the database again (decision 0041). Internal: the front server deletes whatever a client sent
 * under this name on every request, before it sets its own.
 */
export const DECIDED_AUDIENCE_HEADER = 'x-fc-decided-audience';

/**
 * Whether a front server runs in this process: every request then reaches Next.js through it, so the header above
 * is its own. Process-wide, since Next.js bundles its own copy of this module for proxy.ts.
 */
const frontServer = () => processWide('front-server', () => ({ running: false }));

/** Called when a front server is made (and by tests, to see proxy.ts without one). */
export function markFrontServer(running = true): void {
  frontServer().running = running;
}

/**
 * The audience the front server named for this request, or null: none named, or no front server in this process
 * (`next start`, `next dev`), where the header can only be the client's and is never believed.
 */
export function audienceFromFront(value: string | null | undefined): Audience | null {
  if (!frontServer().running) return null;
  return isAudience(value) ? value : null;
}
