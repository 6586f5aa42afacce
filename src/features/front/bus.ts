/**
 * How code inside Next.js reaches the front server of the same process (scripts/serve.ts): the two are loaded
 * separately (Next.js bundles its own copy of the app's modules), so they meet on a global symbol.
 */
export interface FrontBus {
  /** The site's content changed (its page-cache generation is now `generation`): drop its cached pages now. */
  siteChanged(siteId: string, generation: number): void;
}

const KEY = Symbol.for('fanclub.front-bus');
type WithBus = typeof globalThis & { [KEY]?: FrontBus };

export function registerFrontBus(bus: FrontBus): void {
  (globalThis as WithBus)[KEY] = bus;
}

/** The front server's bus, or undefined under a bare `next start` (no front server, nothing to drop). */
export function frontBus(): FrontBus | undefined {
  return (globalThis as WithBus)[KEY];
}
