import { AppError, type ErrorCode } from '@/lib/errors';

export type MediaRejection = 'not-image' | 'not-video' | 'too-large' | 'unknown-item';

const REJECTIONS: Record<MediaRejection, { code: ErrorCode; message: string }> = {
  'not-image': {
    code: 'BAD_REQUEST',
    message: '画像を読み込めませんでした。JPEG・PNG・WebP・GIF・AVIF 形式の画像を選んでください。',
  },
  'not-video': {
    code: 'BAD_REQUEST',
    message: '動画を読み込めませんでした。MP4 または WebM 形式の動画を選んでください。',
  },
  'too-large': { code: 'PAYLOAD_TOO_LARGE', message: 'ファイルが大きすぎます。' },
  'unknown-item': { code: 'NOT_FOUND', message: 'ファイルを追加する記事が見つかりません。' },
};

/** An upload refused for what it is; the reason lets a caller (or a test) tell the cases apart. */
export class MediaRejectedError extends AppError {
  readonly reason: MediaRejection;

  constructor(reason: MediaRejection, message: string = REJECTIONS[reason].message) {
    super(REJECTIONS[reason].code, message);
    this.name = 'MediaRejectedError';
    this.reason = reason;
  }
}
