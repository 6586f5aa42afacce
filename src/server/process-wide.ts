/**
 * The one place where an object is shared by the whole process rather than by one copy of a module.
 *
 * Why it is needed (docs/decisions/0040): Next.js's bundler gives each of its layers its own copy of a module: the
 * pages and route handlers share one, `proxy.ts` has another, `instrumentation.ts` a third (measured on the build:
 * `server/db/health.ts` appears in three server chunks). The server entry (src/main) is a fourth. A few things must
 * nonetheless be one per process: the database pool (the embedded database serves one session), the database's
 * health record (a route's failure, reported by instrumentation, makes the front server answer 503 at once), the
 * query counter of a request (the benchmark's header), the identity provider's re-check gates, and whether a front
 * server runs in the process (proxy.ts then believes the audience it named, decision 0041), and the live chat's hub
 * (its streams and the writes that wake them must meet in one hub, decision 0051). Each is made by whichever
 * copy asks first, under a name listed in `ProcessWideName`.
 */
const REGISTRY = Symbol.for('fanclub.process-wide');

type Registry = Map<string, unknown>;

function registry(): Registry {
  const holder = globalThis as { [REGISTRY]?: Registry };
  return (holder[REGISTRY] ??= new Map());
}

/** The process's one `name`, made by `create` the first time any copy of any module asks for it. */
export function processWide<T>(name: ProcessWideName, create: () => T): T {
  const shared = registry();
  if (!shared.has(name)) shared.set(name, create());
  return shared.get(name) as T;
}

/** The process's `name` if a copy has made it already (instrumentation reads the health record without making it). */
export function madeProcessWide<T>(name: ProcessWideName): T | undefined {
  return registry().get(name) as T | undefined;
}

/** Every object the process shares across copies of modules: a new one is added here, with its reason above. */
export type ProcessWideName =
  | 'db-pools'
  | 'db-app-handle'
  | 'db-health'
  | 'query-count'
  | 'identity-recheck-gates'
  | 'front-server'
  | 'chat-hub';
