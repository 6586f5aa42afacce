'use client';

import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { parseCode } from '@/features/tickets/code/format';
import { normalizeShortCode } from '@/features/tickets/code/short-code';
import { REFUSALS } from '@/features/tickets/code/reasons';
import type { DoorResult, DoorRoster, DoorScan } from '@/features/tickets/types';
import { checkOnDevice } from './check-scan';
import { CameraScanner } from './camera-scanner';
import { ResultPanel } from './result-panel';
import { loadFlags, loadQueue, loadRoster, markUsed, saveQueue, saveRoster } from './store';
import { TIMEOUT_MS, flushQueue, inLane, postAfterQueue } from './sync';

export interface DoorPerformance {
  id: string;
  title: string;
  venue: string;
  startsAt: string;
}

const DATE_TIME = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  month: 'numeric',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** 入場チェック: choose the performance, then scan (camera) or type the short code; works offline, syncs when back. */
export function DoorCheck({ performances }: { performances: DoorPerformance[] }) {
  const [performanceId, setPerformanceId] = useState(performances[0]?.id ?? '');
  const [roster, setRoster] = useState<DoorRoster | null>(null);
  const [result, setResult] = useState<DoorResult | null>(null);
  const [queued, setQueued] = useState(0);
  const [flags, setFlags] = useState<DoorResult[]>([]);
  const [online, setOnline] = useState(true);
  const [short, setShort] = useState('');
  const [error, setError] = useState('');
  const busy = useRef(false);

  const loadFor = useEffectEvent(async (id: string) => {
    setRoster(loadRoster(id));
    setQueued(loadQueue(id).length);
    setFlags(loadFlags(id));
    try {
      const fresh = await inLane(async () => {
        await flushQueue(id);
        // Fetching the roster is a sync: never while older offline scans wait to be sent.
        if (loadQueue(id).length > 0) throw new Error('queue not sent');
        const response = await fetch(`/api/staff/door/${id}`, {
          cache: 'no-store',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(String(response.status));
        return (await response.json()) as DoorRoster;
      });
      saveRoster(fresh);
      setRoster(fresh);
      setError('');
    } catch {
      if (!loadRoster(id)) setError('名簿を取得できませんでした。通信を確認してください。');
    }
  });

  const sync = useCallback(async () => {
    if (!performanceId) return;
    await inLane(() => flushQueue(performanceId));
    setFlags(loadFlags(performanceId));
    setQueued(loadQueue(performanceId).length);
  }, [performanceId]);

  useEffect(() => {
    // The device's copy first (offline), then the server's, just after the paint.
    const timer = setTimeout(() => {
      if (performanceId) void loadFor(performanceId);
    }, 0);
    return () => clearTimeout(timer);
  }, [performanceId]);

  useEffect(() => {
    const update = () => {
      setOnline(navigator.onLine);
      if (navigator.onLine) void sync();
    };
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    const timer = setInterval(() => void sync(), 10_000);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      clearInterval(timer);
    };
  }, [sync]);

  const handle = useCallback(
    async (input: { code?: string; short?: string }) => {
      if (!roster || busy.current) return;
      busy.current = true;
      try {
        const scan: DoorScan = {
          clientScanId: crypto.randomUUID(),
          ...input,
          scannedAt: Date.now(),
          offline: false,
        };
        if (input.code) {
          const local = await checkOnDevice(roster, input.code, scan.clientScanId, scan.scannedAt);
          if (!local.ok) {
            // What the code itself shows is final; what the roster says may be older than the database.
            const byRoster = ['unknown', 'moved', 'cancelled', 'used'].includes(local.result.reason ?? '');
            const [answer] =
              byRoster && navigator.onLine ? ((await postAfterQueue(roster.performanceId, scan)) ?? []) : [];
            return setResult(answer ?? local.result);
          }
          if (navigator.onLine) {
            const [answer] = (await postAfterQueue(roster.performanceId, scan)) ?? [];
            if (answer) {
              if (local.kind === 'ticket' && (answer.outcome === 'admitted' || answer.reason === 'used')) {
                markUsed(roster.performanceId, parseCode(input.code)?.subjectId ?? '');
              }
              return setResult(answer);
            }
          }
          if (local.kind === 'card')
            return setResult({
              ...local.result,
              message: '会員証の署名を確認しました（オフライン：会員資格は通信が戻ってから確認できます）。',
            });
          markUsed(roster.performanceId, parseCode(input.code)?.subjectId ?? '');
          saveQueue(roster.performanceId, [...loadQueue(roster.performanceId), { ...scan, offline: true }]);
          setQueued(loadQueue(roster.performanceId).length);
          return setResult({
            ...local.result,
            message: '入場できます（オフライン確認・通信が戻ったら同期します）。',
          });
        }
        if (!navigator.onLine) {
          return setResult({
            clientScanId: scan.clientScanId,
            outcome: 'refused',
            reason: 'short-offline',
            message: REFUSALS['short-offline'],
          });
        }
        const [answer] = (await postAfterQueue(roster.performanceId, scan)) ?? [];
        setResult(
          answer ?? {
            clientScanId: scan.clientScanId,
            outcome: 'refused',
            reason: 'short-offline',
            message: REFUSALS['short-offline'],
          },
        );
      } finally {
        busy.current = false;
      }
    },
    [roster],
  );

  if (performances.length === 0) {
    return <p className="text-sm">電子チケットが発券された公演はまだありません。</p>;
  }
  return (
    <div className="flex flex-col gap-6">
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-bold">チェックする公演</span>
        <select
          className="min-h-12 rounded border border-line bg-surface px-3"
          value={performanceId}
          onChange={(event) => {
            setResult(null);
            setPerformanceId(event.target.value);
          }}
          data-testid="door-performance"
        >
          {performances.map((performance) => (
            <option key={performance.id} value={performance.id}>
              {DATE_TIME.format(new Date(performance.startsAt))} {performance.venue}・{performance.title}
            </option>
          ))}
        </select>
      </label>
      <p className="text-sm" role="status" data-testid="door-status">
        {online ? 'オンライン' : 'オフライン（端末で確認し、通信が戻ったら同期します）'}
        {roster ? `・名簿 ${roster.tickets.length}枚` : ''}
        {queued > 0 ? `・未同期 ${queued}件` : ''}
      </p>
      {error && (
        <p role="alert" className="text-sm font-bold">
          {error}
        </p>
      )}
      {roster && <CameraScanner onCode={(code) => void handle({ code })} />}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!normalizeShortCode(short)) {
            setResult({
              clientScanId: 'input',
              outcome: 'refused',
              reason: 'malformed',
              message: '手入力コードは10文字（例：0001A-BCDEF）で入力してください。',
            });
            return;
          }
          void handle({ short });
          setShort('');
        }}
      >
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-bold">手入力コード</span>
          <input
            className="min-h-12 rounded border border-line bg-surface px-3 font-mono uppercase tracking-wider"
            value={short}
            onChange={(event) => setShort(event.target.value)}
            autoComplete="off"
            inputMode="text"
            maxLength={14}
            data-testid="door-short-input"
          />
        </label>
        <Button type="submit" variant="secondary" disabled={!roster}>
          確認する
        </Button>
      </form>
      <ResultPanel result={result} />
      {flags.length > 0 && (
        <section
          aria-labelledby="door-flags"
          className="rounded-lg border-2 border-red-700 p-4 text-sm"
          data-testid="door-flags"
        >
          <h2 id="door-flags" className="font-bold">
            同期で見つかった問題（{flags.length}件）
          </h2>
          <ul className="mt-2 list-disc pl-5">
            {flags.map((flag) => (
              <li key={flag.clientScanId}>
                {flag.holderName ? `${flag.holderName}（${flag.memberNumber}）${flag.seat ?? ''}：` : ''}
                {flag.message}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
