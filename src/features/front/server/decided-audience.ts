import { isAudience, type Audience } from '@/features/front/audience';

/**
 * The audience the front server decided for a request, on the request it hands to Next.js: proxy.ts routes by it
 * instead of asking the database again (decision 0041). Internal: the front server deletes whatever a client sent
 * under this name on every request, before it sets its own.
 */
export const DECIDED_AUDIENCE_HEADER = 'x-fc-decided-audience';

/**
 * Whether a front server runs in this process: every request then reaches Next.js through it, so the header above
 * is its own. A global symbol, since Next.js bundles its own copy of this module for proxy.ts.
 */
const FRONT_SERVER = Symbol.for('fanclub.front-server');
type WithFront = typeof globalThis & { [FRONT_SERVER]?: boolean };

/** Called when a front server is made (and by tests, to see proxy.ts without one). */
export function markFrontServer(running = true): void {
  (globalThis as WithFront)[FRONT_SERVER] = running;
}

/**
 * The audience the front server named for this request, or null: none named, or no front server in this process
 * (`next start`, `next dev`), where the header can only be the client's and is never believed.
 */
export function audienceFromFront(value: string | null | undefined): Audience | null {
  if (!(globalThis as WithFront)[FRONT_SERVER]) return null;
  return isAudience(value) ? value : null;
}
