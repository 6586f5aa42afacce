import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { members } from '@/server/db/schema';
import { formatConsentTime } from '@/features/consent';

/** The columns the office's mailings need, and support's record of each member's agreement to the terms. */
export const CONTACT_HEADER = [
  '氏名',
  'フリガナ',
  '郵便番号',
  '都道府県',
  '市区町村',
  '番地',
  '建物名',
  '電話番号',
];
export const CONSENT_HEADER = ['同意した利用規約の版', '同意したプライバシーポリシーの版', '規約同意日時'];

export type ExtraColumns = Map<string, { contact: string[]; consent: string[] }>;

const joined = (...parts: (string | null)[]) => parts.filter(Boolean).join(' ');

/** One query per batch of the export: the extra columns of these members, by id (scoped to the site). */
export async function extraColumnsOf(db: Db, siteId: string, ids: string[]): Promise<ExtraColumns> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: members.id,
      familyName: members.familyName,
      givenName: members.givenName,
      familyNameKana: members.familyNameKana,
      givenNameKana: members.givenNameKana,
      postalCode: members.postalCode,
      prefecture: members.prefecture,
      city: members.city,
      street: members.street,
      building: members.building,
      phone: members.phone,
      termsVersion: members.termsVersion,
      privacyVersion: members.privacyVersion,
      consentedAt: members.consentedAt,
    })
    .from(members)
    .where(and(eq(members.siteId, siteId), inArray(members.id, ids)));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        contact: [
          joined(row.familyName, row.givenName),
          joined(row.familyNameKana, row.givenNameKana),
          row.postalCode ? `${row.postalCode.slice(0, 3)}-${row.postalCode.slice(3)}` : '',
          row.prefecture ?? '',
          row.city ?? '',
          row.street ?? '',
          row.building ?? '',
          row.phone ?? '',
        ],
        consent: [
          row.termsVersion === null ? '' : String(row.termsVersion),
          row.privacyVersion === null ? '' : String(row.privacyVersion),
          row.consentedAt ? formatConsentTime(row.consentedAt) : '',
        ],
      },
    ]),
  );
}
