import jsQR from 'jsqr';

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
declare global {
  interface Window {
    BarcodeDetector?: new (options: { formats: string[] }) => Detector;
  }
}

/**
 * Reads a QR code from one video frame: the browser's BarcodeDetector where it exists (Android Chrome, Safari), else
 * jsQR on the frame's pixels (desktop Chromium on Linux has no BarcodeDetector). Returns the text and the time taken.
 */
export async function decodeFrame(
  video: HTMLVideoElement,
  canvas: HTMLCanvasElement,
): Promise<{ text: string | null; ms: number }> {
  const started = performance.now();
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) return { text: null, ms: 0 };
  if (window.BarcodeDetector) {
    try {
      const detector = new window.BarcodeDetector({ formats: ['qr_code'] });
      const [found] = await detector.detect(video);
      return { text: found?.rawValue ?? null, ms: performance.now() - started };
    } catch {
      // Fall through to jsQR (an unsupported format list throws on some platforms).
    }
  }
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return { text: null, ms: 0 };
  context.drawImage(video, 0, 0, width, height);
  const image = context.getImageData(0, 0, width, height);
  const found = jsQR(image.data, width, height, { inversionAttempts: 'dontInvert' });
  return { text: found?.data ?? null, ms: performance.now() - started };
}
