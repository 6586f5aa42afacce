import type { SectionId } from '@/features/site';

/** What an uploaded file is to its item (the media row's role). */
export type UploadRole = 'cover' | 'gallery' | 'inline' | 'video';
export const UPLOAD_ROLES = ['cover', 'gallery', 'inline', 'video'] as const satisfies readonly UploadRole[];

/**
 * The files each section takes: every item a cover image; a photo item its gallery; a movie item its one video
 * file; the text sections images inside the body.
 */
export function rolesOf(section: SectionId): UploadRole[] {
  switch (section) {
    case 'photo':
      return ['cover', 'gallery'];
    case 'movie':
      return ['cover', 'video'];
    default:
      return ['cover', 'inline'];
  }
}

/** The upload limits of features/media/server/process.ts, for the browser to refuse a file before sending it. */
export const IMAGE_MAX_BYTES = 30 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 512 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];
export const VIDEO_TYPES = ['video/mp4', 'video/webm'];

export const maxBytesOf = (role: UploadRole) => (role === 'video' ? VIDEO_MAX_BYTES : IMAGE_MAX_BYTES);
export const typesOf = (role: UploadRole) => (role === 'video' ? VIDEO_TYPES : IMAGE_TYPES);

/** The Japanese message for a file over the limit, the same in the browser and from the server. */
export function tooLargeMessage(role: UploadRole): string {
  return role === 'video'
    ? 'ファイルが大きすぎます。動画は 512 MB までです。'
    : 'ファイルが大きすぎます。画像は 30 MB までです。';
}

export function wrongTypeMessage(role: UploadRole): string {
  return role === 'video'
    ? 'この形式の動画は追加できません。MP4 または WebM 形式の動画を選んでください。'
    : 'この形式の画像は追加できません。JPEG・PNG・WebP・GIF・AVIF 形式の画像を選んでください。';
}
