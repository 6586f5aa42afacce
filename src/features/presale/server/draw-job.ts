import 'server-only';
import { getDb } from '@/server/db';
import { closeAndDrawDue } from './close-and-draw';

/** A presale is frozen and drawn within this long of its close; an idle check is one small query. */
const INTERVAL_MS = 15_000;

/**
 * Freezes and draws every presale past its close, in every instance: each step takes the presale's row lock and does
 * nothing the second time, so two instances never draw twice. A failed run is tried again at the next tick.
 */
export function startPresaleDraws(intervalMs = INTERVAL_MS): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  async function run(): Promise<void> {
    try {
      const drawn = await closeAndDrawDue(await getDb());
      if (drawn > 0) console.log(`presale: ${drawn} drawn`);
    } catch (error) {
      console.warn('presale: draw not finished, tried again later:', (error as Error).message);
    }
    if (!stopped) timer = setTimeout(() => void run(), intervalMs).unref();
  }
  timer = setTimeout(() => void run(), 1_000).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
