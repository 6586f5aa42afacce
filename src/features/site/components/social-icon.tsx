import type { SocialKey } from '@/features/site/navigation';

// Simplified marks drawn for this product; each is decorative beside its accessible label.
const ICON_PATHS: Record<SocialKey, string> = {
  TWITTER_URL: 'M4 4l6.8 9.1L4.3 20h1.9l5.4-5.8 4.3 5.8H20l-7.1-9.6L19 4h-1.9l-5 5.4L8.1 4H4z',
  INSTAGRAM_URL:
    'M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zm0 2a2 2 0 00-2 2v10a2 2 0 002 2h10a2 2 0 002-2V7a2 2 0 00-2-2H7zm5 3.5a3.5 3.5 0 110 7 3.5 3.5 0 010-7zm0 2a1.5 1.5 0 100 3 1.5 1.5 0 000-3zM17.2 6a.9.9 0 110 1.8.9.9 0 010-1.8z',
  YOUTUBE_URL:
    'M21.6 7.2a2.5 2.5 0 00-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 002.4 7.2 26 26 0 002 12a26 26 0 00.4 4.8 2.5 2.5 0 001.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 001.8-1.8A26 26 0 0022 12a26 26 0 00-.4-4.8zM10 15V9l5.2 3L10 15z',
  TIKTOK_URL:
    'M16.6 3c.3 2.3 1.7 3.8 4 4v2.6a7 7 0 01-4-1.3v6.1A5.6 5.6 0 1111 8.8v2.7a2.9 2.9 0 102 2.8V3h3.6z',
  STORE_PLATFORM_URL:
    'M6 7V6a6 6 0 0112 0v1h3l-1.5 14h-15L3 7h3zm2 0h8V6a4 4 0 00-8 0v1zm-2.8 2l1.1 10h11.4l1.1-10H5.2z',
};

export function SocialIcon({ name }: { name: SocialKey }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="currentColor">
      <path d={ICON_PATHS[name]} fillRule="evenodd" />
    </svg>
  );
}
