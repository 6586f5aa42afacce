import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';
import type { PlaywrightWorkerArgs } from '@playwright/test';
import { SITE_URLS, type SiteSlug } from './auth';
import { demoSession } from './sessions';

/** The living codes of the demo premium member, as My page fetches them (GET /api/tickets/codes). */
export interface CodeBatch {
  serverNow: number;
  windows: number[];
  subjects: { ref: string; codes: string[]; short: string[] }[];
}

export async function fetchCodes(
  playwright: PlaywrightWorkerArgs['playwright'],
  slug: SiteSlug,
): Promise<CodeBatch> {
  const api = await playwright.request.newContext({
    baseURL: SITE_URLS[slug],
    storageState: demoSession(slug, 'premium'),
  });
  try {
    const response = await api.get('/api/tickets/codes');
    if (!response.ok()) throw new Error(`codes: ${response.status()}`);
    return (await response.json()) as CodeBatch;
  } finally {
    await api.dispose();
  }
}

/**
 * The code of a subject that stays good the longest from now: the latest window the door already accepts (15 s of
 * skew before its start), so that a browser launched with it has most of a minute to read it.
 */
export function freshestCode(batch: CodeBatch, ref: string, nowMs = Date.now()): string {
  const subject = batch.subjects.find((item) => item.ref === ref);
  if (!subject) throw new Error(`no codes for ${ref}`);
  const now = nowMs / 1000;
  let index = 0;
  batch.windows.forEach((start, i) => {
    if (start - 15 <= now - 2) index = i;
  });
  return subject.codes[index]!;
}

/**
 * A video Chromium's fake camera plays (--use-file-for-fake-video-capture): the QR code of `text`, black on white, in
 * raw YUV 4:2:0 frames (Y4M), written here from the code's modules so no image tool is needed.
 */
export function writeQrVideo(text: string, file: string, width = 640, height = 480, frames = 5): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = Math.floor(Math.min(width, height) / (size + 8));
  const offsetX = Math.floor((width - size * scale) / 2);
  const offsetY = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (!qr.modules.get(row, col)) continue;
      for (let y = 0; y < scale; y += 1) {
        luma.fill(
          16,
          (offsetY + row * scale + y) * width + offsetX + col * scale,
          (offsetY + row * scale + y) * width + offsetX + (col + 1) * scale,
        );
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/** Chromium with a fake camera that shows `video`, granted to pages without asking. */
export const fakeCameraArgs = (video: string) => [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${video}`,
];
