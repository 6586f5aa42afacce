'use client';

import { useEffect, useRef, useState } from 'react';
import QRCode from 'qrcode';
import { formatShortCode } from '@/features/tickets/code/short-code';
import { WINDOW_SECONDS } from '@/features/tickets/code/format';
import { useLivingCodes } from './living-codes-context';

export { LivingCodesProvider } from './living-codes-context';

const JST_TIME = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * A living code: the QR code of this window's signed code, changed every 30 seconds, with a moving bar and the
 * live time in Japan (seconds), so that a screenshot or a video of yesterday is visibly not the phone in hand.
 */
export function LivingCode({ subject, label }: { subject: string; label: string }) {
  const { batch, offsetMs, offline, keptUntil } = useLivingCodes();
  const now = useNow();
  const canvas = useRef<HTMLCanvasElement>(null);
  const serverNow = now + offsetMs;
  const nowSeconds = serverNow / 1000;
  const entry = batch?.subjects.find((item) => item.ref === subject);
  const index = batch
    ? batch.windows.findIndex((start) => nowSeconds >= start && nowSeconds < start + WINDOW_SECONDS)
    : -1;
  const code = entry && index >= 0 ? entry.codes[index] : undefined;
  const short = entry && index >= 0 ? entry.short[index] : undefined;
  const windowStart = batch && index >= 0 ? batch.windows[index]! : 0;

  useEffect(() => {
    if (!code || !canvas.current) return;
    void QRCode.toCanvas(canvas.current, code, { errorCorrectionLevel: 'M', margin: 2, width: 232 });
  }, [code]);

  const progress = code ? Math.min(1, (nowSeconds - windowStart) / WINDOW_SECONDS) : 0;
  return (
    <div
      className="flex flex-col items-center gap-2 rounded-xl bg-white p-3 text-black"
      data-testid="living-code"
      data-subject={subject}
      data-window={code ? windowStart : ''}
    >
      {code ? (
        <canvas
          ref={canvas}
          aria-label={`${label}の入場コード（30秒ごとに変わります）`}
          role="img"
          className="size-[232px]"
        />
      ) : (
        <p className="flex size-[232px] items-center p-4 text-center text-sm" role="status">
          {batch || offline
            ? 'コードを表示できません。通信できる場所でページを開き直してください。'
            : 'コードを準備しています…'}
        </p>
      )}
      <div className="flex w-full items-center gap-2" aria-hidden="true">
        <span className="inline-block size-4 animate-spin rounded-full border-2 border-black border-t-transparent" />
        <div className="h-1.5 flex-1 overflow-hidden rounded bg-black/10">
          <div className="h-full bg-black" style={{ width: `${(1 - progress) * 100}%` }} />
        </div>
      </div>
      <p className="font-mono text-2xl font-bold tabular-nums" data-testid="living-clock">
        {JST_TIME.format(serverNow)}
      </p>
      {short && (
        <p className="text-xs">
          手入力コード{' '}
          <span className="font-mono text-sm font-bold tracking-wider" data-testid="short-code">
            {formatShortCode(short)}
          </span>
        </p>
      )}
      {offline && code && (
        <p className="text-xs" data-testid="living-code-offline">
          {keptUntil
            ? `オフライン表示中（この端末に保存した入場コード・${JST_TIME.format(keptUntil).slice(0, 5)}まで）`
            : 'オフライン表示中（最大5分）'}
        </p>
      )}
    </div>
  );
}
