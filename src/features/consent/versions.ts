import { formatInJapan } from '@/lib/dates';

/** A published version of a legal page that members agree to. */
export interface PublishedVersion {
  version: number;
  publishedAt: Date;
  title: string;
}

/** The site's current versions; null where the site has no such page (nothing to agree to). */
export interface CurrentVersions {
  terms: PublishedVersion | null;
  privacy: PublishedVersion | null;
}

/** What a member last agreed to (the member row's columns); null versions: never agreed. */
export interface AgreedVersions {
  termsVersion: number | null;
  privacyVersion: number | null;
}

const behind = (current: PublishedVersion | null, agreed: number | null) =>
  current !== null && (agreed ?? 0) < current.version;

/** Whether the person must agree (again) before going on: no member yet, never agreed, or a newer version. */
export function needsConsent(current: CurrentVersions, agreed: AgreedVersions | null): boolean {
  if (!current.terms && !current.privacy) return false;
  if (!agreed) return true;
  return behind(current.terms, agreed.termsVersion) || behind(current.privacy, agreed.privacyVersion);
}

/** Whether an agreement names exactly the current versions (an older page's agreement is not one to these). */
export function agreesToCurrent(
  current: CurrentVersions,
  agreed: { terms: number | null; privacy: number | null },
) {
  return (
    (current.terms?.version ?? null) === agreed.terms && (current.privacy?.version ?? null) === agreed.privacy
  );
}

/** "第3版（2026年11月25日公開）" */
export function describeVersion(version: PublishedVersion): string {
  const date = new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(version.publishedAt);
  return `第${version.version}版（${date}公開）`;
}

/** "2026-11-25 19:04" in Japan time, for the console and the CSV (sorts as text, Excel reads it as a date). */
export const formatConsentTime = (date: Date) => formatInJapan(date, 'yyyy-MM-dd HH:mm');

/**
 * What support reads about a member's agreement: "利用規約 第2版・プライバシーポリシー 第1版（2026-11-25 19:04 同意）",
 * then whether it is the current one.
 */
export function describeConsent(
  agreed: AgreedVersions & { consentedAt: Date | null },
  current: CurrentVersions,
): { text: string; current: boolean } {
  if (!agreed.consentedAt) return { text: '未同意', current: false };
  const parts = [
    agreed.termsVersion !== null ? `利用規約 第${agreed.termsVersion}版` : null,
    agreed.privacyVersion !== null ? `プライバシーポリシー 第${agreed.privacyVersion}版` : null,
  ].filter(Boolean);
  return {
    text: `${parts.join('・') || '—'}（${formatConsentTime(agreed.consentedAt)} 同意）`,
    current: !needsConsent(current, agreed),
  };
}
