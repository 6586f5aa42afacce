import { buttonClass } from '@/components/ui/button';
import type { UploadRole } from '@/features/media/staff/roles';

export const SMALL_BUTTON = buttonClass('secondary', 'min-h-11 px-4 text-sm');

/** The heading, file-input name and hint of each block of the media manager. */
export const BLOCK_LABELS: Record<UploadRole, { title: string; input: string; hint: string }> = {
  cover: {
    title: 'カバー画像',
    input: 'カバー画像のファイル',
    hint: '一覧に表示される画像です（1 枚、新しい画像に差し替えられます）。JPEG・PNG・WebP・GIF・AVIF、30 MB まで。',
  },
  gallery: {
    title: 'ギャラリー',
    input: 'ギャラリーの写真のファイル',
    hint: '複数の写真をまとめて追加できます。JPEG・PNG・WebP・GIF・AVIF、1 枚 30 MB まで。',
  },
  inline: {
    title: '本文の画像',
    input: '本文の画像のファイル',
    hint: 'アップロードした画像を「本文に挿入」で本文に入れられます。JPEG・PNG・WebP・GIF・AVIF、1 枚 30 MB まで。',
  },
  video: {
    title: '動画ファイル',
    input: '動画のファイル',
    hint: '1 本だけ登録できます（新しい動画に差し替えられます）。MP4・WebM、512 MB まで。',
  },
};
