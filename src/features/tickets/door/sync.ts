import type { DoorResult, DoorScan } from '@/features/tickets/types';
import { loadFlags, loadQueue, saveFlags, saveQueue } from './store';

export const TIMEOUT_MS = 8_000;

export async function post(performanceId: string, scans: DoorScan[]): Promise<DoorResult[] | null> {
  try {
    const response = await fetch(`/api/staff/door/${performanceId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ scans }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return null;
    return ((await response.json()) as { results: DoorResult[] }).results;
  } catch {
    return null;
  }
}

/**
 * Sends the device's queue of offline scans, then marks what the server answered. The server bounds an offline scan
 * by this device's last contact before it (docs/decisions/0036), so the queue always goes before anything else.
 */
export async function flushQueue(performanceId: string): Promise<DoorResult[]> {
  const queue = loadQueue(performanceId);
  if (queue.length === 0 || !navigator.onLine) return [];
  const results = await post(performanceId, queue);
  if (!results) return [];
  const sent = new Set(results.map((item) => item.clientScanId));
  saveQueue(
    performanceId,
    loadQueue(performanceId).filter((scan) => !sent.has(scan.clientScanId)),
  );
  const flagged = results.filter((item) => item.outcome === 'duplicate' || item.outcome === 'refused');
  const all = [...loadFlags(performanceId), ...flagged];
  saveFlags(performanceId, all);
  return all;
}

/** One request of the door at a time, in order: a queue flushed and a new scan never cross. */
let lane: Promise<unknown> = Promise.resolve();
export function inLane<T>(work: () => Promise<T>): Promise<T> {
  const next = lane.then(work, work);
  lane = next.catch(() => undefined);
  return next;
}

/** An online scan, after the queue; null when the queue could not be sent (the scan is then handled offline). */
export const postAfterQueue = (performanceId: string, scan: DoorScan) =>
  inLane(async () => {
    await flushQueue(performanceId);
    if (loadQueue(performanceId).length > 0) return null;
    return post(performanceId, [scan]);
  });
