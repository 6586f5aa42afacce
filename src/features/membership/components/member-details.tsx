import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import { formatDateJa, parseJstDay } from '@/lib/dates';
import { formatPhoneJa } from '@/lib/phone';
import type { Member } from '@/features/membership/server/members';

/** What the member told us, with the ways to correct it. */
export function MemberDetails({ member }: { member: Member }) {
  const rows: [string, string][] = [
    ['ニックネーム', member.nickname ?? ''],
    ['お名前', `${member.familyName ?? ''} ${member.givenName ?? ''}`],
    ['フリガナ', `${member.familyNameKana ?? ''} ${member.givenNameKana ?? ''}`],
    ['生年月日', member.birthday ? formatDateJa(parseJstDay(member.birthday)) : ''],
    ['電話番号', formatPhoneJa(member.phone)],
    [
      'ご住所',
      `〒${member.postalCode?.replace(/^(\d{3})/, '$1-') ?? ''} ${member.prefecture ?? ''}${member.city ?? ''}${member.street ?? ''} ${member.building ?? ''}`,
    ],
  ];
  return (
    <section aria-labelledby="details-heading" className="rounded-lg border border-line p-6">
      <h2 id="details-heading" className="text-lg font-bold">
        会員情報
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm md:grid-cols-[8rem_1fr]" data-testid="member-details">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-bold">{label}</dt>
            <dd className="mb-2 break-words md:mb-0">{value.trim()}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-6 flex flex-col gap-3 text-sm">
        <li>
          <Link href={paths.editProfile()} className="underline underline-offset-4">
            ニックネーム・プロフィールを変更する
          </Link>
        </li>
        <li>
          <Link href={paths.editAddress()} className="underline underline-offset-4">
            住所を変更する
          </Link>
        </li>
      </ul>
    </section>
  );
}
