'use client';

import {
  createContext,
  useContext,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { CodeBatch, OfflineCopy } from '@/features/tickets/types';
import { keepOfflineCopy, loadOfflineCodes, registerOfflineWorker } from './offline-copy';

/** Ask again when fewer windows than this remain ahead (each batch covers 12: about 6 minutes). */
const REFILL_BELOW = 10;
const FETCH_TIMEOUT_MS = 8_000;

interface LivingCodes {
  batch: CodeBatch | null;
  /** Server time minus this device's clock, from the last batch: the code shown follows the server's windows. */
  offsetMs: number;
  offline: boolean;
  /** When the day's codes kept on the phone end (Unix ms), once they are in use offline (decision 0054). */
  keptUntil?: number;
}

const Context = createContext<LivingCodes>({ batch: null, offsetMs: 0, offline: false });

const covers = (batch: CodeBatch | null, nowSeconds: number) =>
  Boolean(batch?.windows.some((start) => start <= nowSeconds && nowSeconds < start + 30));
export const useLivingCodes = () => useContext(Context);

/**
 * Fetches the viewer's living codes ahead, a small batch at a time, so that the card and tickets keep showing good
 * codes for five minutes without a connection. Codes are kept in memory only: nothing outlives the page.
 */
export function LivingCodesProvider({
  children,
  enabled = true,
  offlineCopy,
}: {
  children: ReactNode;
  enabled?: boolean;
  offlineCopy?: OfflineCopy;
}) {
  const [state, setState] = useState<LivingCodes>({ batch: null, offsetMs: 0, offline: false });
  const copyKey = offlineCopy?.key;
  const keepCopy = offlineCopy?.keep;
  const busy = useRef(false);
  // A viewer with nothing to show (not a member) is asked once, not every few seconds.
  const refused = useRef(false);
  const refill = useEffectEvent(async () => {
    if (busy.current || refused.current) return;
    busy.current = true;
    try {
      const response = await fetch('/api/tickets/codes', {
        cache: 'no-store',
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      if (response.status === 401 || response.status === 403) {
        refused.current = true;
        return;
      }
      if (!response.ok) throw new Error(String(response.status));
      const batch = (await response.json()) as CodeBatch;
      setState({ batch, offsetMs: batch.serverNow - Date.now(), offline: false });
    } catch {
      // No signal: the day's codes signed ahead, when the phone kept them and the current batch has run out.
      const kept = offlineCopy ? await loadOfflineCodes(offlineCopy.key) : null;
      setState((current) =>
        kept && !covers(current.batch, (Date.now() + current.offsetMs) / 1000)
          ? { batch: kept.batch, offsetMs: kept.offsetMs, offline: true, keptUntil: kept.until }
          : { ...current, offline: true },
      );
    } finally {
      busy.current = false;
    }
  });

  const tick = useEffectEvent(() => {
    const now = (Date.now() + state.offsetMs) / 1000;
    const ahead = state.batch ? state.batch.windows.filter((start) => start + 30 > now).length : 0;
    if (ahead < REFILL_BELOW) void refill();
  });

  useEffect(() => {
    if (!enabled) return;
    // Asked for just after the first paint, so the page never waits for its codes.
    const first = setTimeout(() => void refill(), 0);
    if (copyKey) registerOfflineWorker();
    // On a ticket's day, the copy for no signal is made once per visit, after the page's own codes.
    const keep =
      copyKey && keepCopy && navigator.onLine
        ? setTimeout(() => void keepOfflineCopy(copyKey).catch(() => undefined), 1_000)
        : undefined;
    const timer = setInterval(tick, 5_000);
    const online = () => void refill();
    window.addEventListener('online', online);
    return () => {
      clearTimeout(first);
      clearTimeout(keep);
      clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [enabled, copyKey, keepCopy]);

  return <Context.Provider value={state}>{children}</Context.Provider>;
}
