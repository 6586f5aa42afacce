'use client';

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { decodeFrame } from './decode';

/** Frames between reads: about six reads a second keeps a phone cool and a queue moving. */
const READ_EVERY_MS = 150;
/** The same code again within this time is the same scan, not a second one. */
const SAME_CODE_MS = 4_000;

/** The camera at the door: reads QR codes from the back camera and hands each new one to `onCode`. */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState('');
  const [decodeMs, setDecodeMs] = useState<number | null>(null);
  const emit = useEffectEvent((code: string) => onCode(code));

  useEffect(() => {
    if (!running) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = { text: '', at: 0 };
    const times: number[] = [];
    async function loop() {
      if (stopped || !video.current || !canvas.current) return;
      const { text, ms } = await decodeFrame(video.current, canvas.current);
      if (ms > 0) {
        times.push(ms);
        if (times.length > 20) times.shift();
        setDecodeMs(times.reduce((sum, value) => sum + value, 0) / times.length);
      }
      const now = Date.now();
      if (text && (text !== last.text || now - last.at > SAME_CODE_MS)) {
        last = { text, at: now };
        emit(text);
      }
      timer = setTimeout(() => void loop(), READ_EVERY_MS);
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void loop();
      })
      .catch(() =>
        setError('カメラを使えません。ブラウザのカメラの許可を確認するか、手入力コードをお使いください。'),
      );
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [running]);

  return (
    <div className="flex flex-col gap-2">
      <Button
        variant={running ? 'secondary' : 'primary'}
        onClick={() => setRunning((value) => !value)}
        data-testid="door-camera"
      >
        {running ? 'カメラを止める' : 'カメラで読み取る'}
      </Button>
      {error && (
        <p role="alert" className="text-sm font-bold">
          {error}
        </p>
      )}
      <video
        ref={video}
        muted
        playsInline
        className={running ? 'mx-auto w-full max-w-md rounded-lg bg-black' : 'hidden'}
        data-testid="door-video"
        data-decode-ms={decodeMs === null ? '' : decodeMs.toFixed(1)}
      />
      <canvas ref={canvas} className="hidden" />
    </div>
  );
}
