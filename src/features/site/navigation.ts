import { paths } from '@/lib/paths';
import type { FcContent, SiteConfig } from '@/features/site/schema';
import type { SectionId } from '@/features/site/sections';
import { LEGAL_LINK_LABELS } from '@/features/site/legal';

export interface NavItem {
  id: FcContent['id'];
  label: string;
  href: string;
  external: boolean;
}

/** The menu entries in the order of FC_CONTENTS; the external link goes out to the site's store. */
export function navItems(config: SiteConfig): NavItem[] {
  return config.FC_CONTENTS.map((entry) =>
    entry.id === 'externalLink'
      ? { id: entry.id, label: entry.displayName, href: entry.href, external: true }
      : { id: entry.id, label: entry.displayName, href: paths.section(entry.id), external: false },
  );
}

export function findSection(config: SiteConfig, id: string) {
  return config.FC_CONTENTS.find(
    (entry): entry is Extract<FcContent, { id: SectionId }> => entry.id === id && entry.id !== 'externalLink',
  );
}

export interface FooterLink {
  id: SiteConfig['FOOTER_CONTENT'][number]['id'];
  label: string;
  href: string;
  external: boolean;
}

/** The footer links in the order of FOOTER_CONTENT; faq opens the help desk's new-ticket form. */
export function footerLinks(config: SiteConfig): FooterLink[] {
  return config.FOOTER_CONTENT.map(({ id }) =>
    id === 'faq'
      ? { id, label: 'よくある質問・お問い合わせ', href: config.FAQ.href, external: true }
      : { id, label: LEGAL_LINK_LABELS[id], href: paths.legal(id), external: false },
  );
}

export const SOCIAL_KEYS = [
  ['TWITTER_URL', 'X（旧Twitter）'],
  ['INSTAGRAM_URL', 'Instagram'],
  ['YOUTUBE_URL', 'YouTube'],
  ['TIKTOK_URL', 'TikTok'],
  ['STORE_PLATFORM_URL', 'ストア'],
] as const;

export type SocialKey = (typeof SOCIAL_KEYS)[number][0];

/** Only the social links that are set; a null link is not rendered at all. */
export function socialLinks(config: SiteConfig): { key: SocialKey; label: string; href: string }[] {
  return SOCIAL_KEYS.flatMap(([key, label]) => {
    const href = config[key];
    return href ? [{ key, label, href }] : [];
  });
}
