'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type Hls from 'hls.js';
import type { ErrorData } from 'hls.js';
import { formatInJapan } from '@/lib/dates';
import type { LiveSource } from '@/features/live/types';

/** How often the player asks the app for the stream's state (and a fresh address before the old one expires). */
const POLL_MS: Record<LiveSource['state'] | 'unknown', number> = {
  unknown: 5_000,
  scheduled: 5_000,
  live: 10_000,
  ended: 60_000,
};
/** Behind the live edge by more than this, the player offers to jump back to it. */
const BEHIND_LIVE_SECONDS = 15;

export const PLAYER_MESSAGES = {
  offline:
    'お使いの端末がインターネットに接続されていません（お客様側の通信の問題です）。接続が戻ると自動で再開します。',
  viewerNetwork:
    'お客様側の通信が不安定なため、映像を受け取れません。接続を確認してください。再接続しています…',
  mediaServer: '配信サーバーに接続できません（配信側の問題です）。再接続しています…',
  encoder: '配信者からの映像が途切れています（配信側の問題です）。再開を待っています…',
  archivePreparing: 'アーカイブを準備しています。しばらくお待ちください…',
  unsupported: 'お使いのブラウザではライブ配信を再生できません。最新のブラウザでご覧ください。',
} as const;

/** The signature part of a signed address, /hls/{signature}/{expires}/, renewed in place for every request. */
const SIGNED_PART = /\/hls\/[A-Za-z0-9_-]+\/\d+\//;
const signedPart = (url: string) => SIGNED_PART.exec(url)?.[0] ?? null;
const when = (iso: string) => formatInJapan(iso, 'yyyy/MM/dd HH:mm');

async function fetchSource(
  itemId: string,
): Promise<{ source: LiveSource } | { error: string; status: number }> {
  try {
    const response = await fetch(`/api/live/${itemId}`, { headers: { Accept: 'application/json' } });
    const json = (await response.json().catch(() => null)) as
      (LiveSource & { error?: { message?: string } }) | null;
    if (!response.ok || !json) {
      return { error: json?.error?.message ?? '配信の情報を読み込めませんでした。', status: response.status };
    }
    return { source: json };
  } catch {
    return { error: PLAYER_MESSAGES.viewerNetwork, status: 0 };
  }
}

function StateBadge({ source }: { source: LiveSource | null }) {
  if (!source) return null;
  const [label, className] =
    source.state === 'scheduled'
      ? ['配信開始前', 'bg-neutral-700 text-white']
      : source.state === 'live'
        ? ['配信中', 'bg-[#D70F1E] text-white']
        : ['配信終了', 'bg-neutral-200 text-neutral-900'];
  return (
    <span data-live-state={source.state} className={`rounded px-2 py-1 text-sm font-bold ${className}`}>
      {label}
    </span>
  );
}

function stateText(source: LiveSource | null): string {
  if (!source) return '';
  if (source.state === 'scheduled') return `${when(source.scheduledAt)} に配信開始予定です。`;
  if (source.state === 'live') return `${when(source.startedAt)} から配信中です。`;
  if (source.archiveUntil) return `アーカイブは ${when(source.archiveUntil)} までご覧いただけます。`;
  return 'この配信は終了しました。アーカイブの公開期間は終わっています。';
}

/**
 * A live item's player: the stream while it is on, its archive after, with the stream's state always shown.
 * hls.js plays where the browser has Media Source Extensions, the browser's own HLS elsewhere (Safari on iPhone).
 * Every playlist and segment comes from the media server by an address signed for this viewer; the player renews the
 * address before it expires and rewrites it into every request, so playback never stops for it.
 */
export function LivePlayer({ itemId, title }: { itemId: string; title: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<Hls | null>(null);
  const loadedUrl = useRef<string | null>(null);
  const currentPart = useRef<string | null>(null);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [source, setSource] = useState<LiveSource | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [behind, setBehind] = useState(false);

  const refresh = useCallback(async () => {
    const result = await fetchSource(itemId);
    if ('error' in result) {
      // The app did not answer either: the viewer's own connection is the likelier cause.
      if (result.status === 0)
        setProblem(navigator.onLine ? PLAYER_MESSAGES.viewerNetwork : PLAYER_MESSAGES.offline);
      else setProblem(result.error);
      return null;
    }
    setSource(result.source);
    if (result.source.state !== 'scheduled' && result.source.url) {
      currentPart.current = signedPart(result.source.url);
    }
    return result.source;
  }, [itemId]);

  // The stream's state, asked now and then; the first answer decides what the player shows.
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const next = await refresh();
      if (stopped) return;
      timer = setTimeout(() => void tick(), POLL_MS[next?.state ?? 'unknown']);
    };
    void tick();
    const online = () => void refresh();
    window.addEventListener('online', online);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', online);
    };
  }, [refresh]);

  const teardown = useCallback(() => {
    if (retryTimer.current) clearTimeout(retryTimer.current);
    hlsRef.current?.destroy();
    hlsRef.current = null;
    loadedUrl.current = null;
  }, []);

  useEffect(() => teardown, [teardown]);

  /** Whose side failed: the viewer's connection, the media server, or the encoder (the live playlist is gone). */
  const explain = useCallback(
    async (data: ErrorData, kind: 'live' | 'archive') => {
      if (!navigator.onLine) return PLAYER_MESSAGES.offline;
      const status = data.response?.code ?? 0;
      if (status === 403 || status === 410) {
        // The address expired (the tab slept) or was renewed meanwhile: a fresh one, and no message.
        await refresh();
        return null;
      }
      if (status === 404)
        return kind === 'archive' ? PLAYER_MESSAGES.archivePreparing : PLAYER_MESSAGES.encoder;
      // No answer from the media server: if the app answers, the media server is the one down.
      const app = await fetchSource(itemId);
      return 'source' in app ? PLAYER_MESSAGES.mediaServer : PLAYER_MESSAGES.viewerNetwork;
    },
    [itemId, refresh],
  );

  // (Re)attaches the player whenever what should play changes: the live stream, or the archive after it.
  const playable = source && source.state !== 'scheduled' ? source.url : null;
  const kind = source?.state === 'live' ? 'live' : 'archive';
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!playable) {
      teardown();
      return;
    }
    const stream = `${kind}:${playable.replace(SIGNED_PART, '/')}`;
    if (loadedUrl.current === stream) return;
    teardown();
    loadedUrl.current = stream;
    setProblem(null);
    let cancelled = false;
    void (async () => {
      const { default: HlsClass, Events, ErrorTypes } = await import('hls.js');
      if (cancelled) return;
      if (!HlsClass.isSupported()) {
        if (video.canPlayType('application/vnd.apple.mpegurl')) video.src = playable;
        else setProblem(PLAYER_MESSAGES.unsupported);
        return;
      }
      const hls = new HlsClass({
        // The page's Content-Security-Policy allows no blob: workers; transmuxing on the main thread is enough.
        enableWorker: false,
        lowLatencyMode: false,
        liveSyncDurationCount: 3,
        manifestLoadingMaxRetry: 2,
        levelLoadingMaxRetry: 2,
        fragLoadingMaxRetry: 3,
        xhrSetup: (xhr, url) => {
          const part = currentPart.current;
          xhr.open('GET', part ? url.replace(SIGNED_PART, part) : url, true);
        },
      });
      hlsRef.current = hls;
      let attempts = 0;
      const retry = () => {
        attempts += 1;
        const delay = Math.min(10_000, 1_000 * 2 ** Math.min(attempts, 4));
        retryTimer.current = setTimeout(() => {
          if (hlsRef.current !== hls) return;
          hls.loadSource(playable);
          hls.startLoad();
        }, delay);
      };
      hls.on(Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === ErrorTypes.MEDIA_ERROR) {
          hls.recoverMediaError();
          return;
        }
        void explain(data, kind).then((message) => {
          if (hlsRef.current !== hls) return;
          setProblem(message);
          retry();
        });
      });
      hls.on(Events.FRAG_BUFFERED, () => {
        attempts = 0;
        setProblem(null);
      });
      hls.loadSource(playable);
      hls.attachMedia(video);
    })();
    return () => {
      cancelled = true;
    };
  }, [playable, kind, teardown, explain]);

  // Rewinding within the live window: a way back to the edge once the viewer is well behind it.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || kind !== 'live') return;
    const check = () => {
      const edge = hlsRef.current?.liveSyncPosition;
      setBehind(typeof edge === 'number' && edge - video.currentTime > BEHIND_LIVE_SECONDS);
    };
    video.addEventListener('timeupdate', check);
    return () => video.removeEventListener('timeupdate', check);
  }, [kind]);

  const toLive = () => {
    const video = videoRef.current;
    const edge = hlsRef.current?.liveSyncPosition;
    if (video && typeof edge === 'number') video.currentTime = edge;
  };

  const showVideo = source !== null && source.state !== 'scheduled' && source.url !== null;
  return (
    <section aria-label="ライブ配信" className="space-y-3" data-live-player>
      <div className="flex flex-wrap items-center gap-3">
        <StateBadge source={source} />
        <p className="text-sm">{stateText(source)}</p>
      </div>
      <div className="relative">
        <video
          ref={videoRef}
          controls
          playsInline
          preload="auto"
          aria-label={title}
          className={`aspect-video w-full rounded-lg bg-black ${showVideo ? '' : 'hidden'}`}
          data-live-video
        />
        {!showVideo && (
          <div className="flex aspect-video w-full items-center justify-center rounded-lg bg-neutral-900 p-6 text-center text-white">
            {source?.state === 'scheduled'
              ? '配信開始までお待ちください。開始すると自動で再生できるようになります。'
              : source?.state === 'ended'
                ? '配信は終了しました。'
                : '読み込んでいます…'}
          </div>
        )}
      </div>
      <div
        role="status"
        aria-live="polite"
        className="min-h-6 text-sm font-bold text-[#B00020]"
        data-live-problem
      >
        {problem}
      </div>
      {kind === 'live' && behind && (
        <button type="button" onClick={toLive} className="rounded-full border px-4 py-2 text-sm">
          ライブに戻る
        </button>
      )}
    </section>
  );
}
