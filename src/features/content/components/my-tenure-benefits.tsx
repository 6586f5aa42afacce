import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import type { Site } from '@/features/site';
import type { Member } from '@/features/membership';
import { memberStatus, memberTenure } from '@/features/membership/server';
import { benefitsForYears } from '@/features/content/staff/tenure/server/benefits';

/**
 * My page: the benefits staff attached to the tenure marks this member holds (issue 43). Nothing for a member without
 * a mark, or no longer premium: the message is for the mark's holders only.
 */
export async function MyTenureBenefits({ site, member, now }: { site: Site; member: Member; now: Date }) {
  const db = await getDb();
  if ((await memberStatus(db, member.id, now)) !== 'premium') return null;
  const { tenure, mark } = await memberTenure(db, member.id, site.config.TENURE, now);
  if (!tenure || !mark) return null;
  const benefits = await benefitsForYears(db, site.id, tenure.fullYears);
  if (benefits.length === 0) return null;
  const labelOf = (years: number) =>
    site.config.TENURE.MARKS.find((each) => each.years === years)?.label ?? `${years}年`;
  return (
    <section
      aria-labelledby="tenure-benefits-heading"
      data-testid="tenure-benefits"
      className="rounded-lg border-2 border-primary p-6"
    >
      <h2 id="tenure-benefits-heading" className="text-lg font-bold">
        会員歴の特典
      </h2>
      <ul className="mt-4 flex flex-col gap-4 text-sm leading-relaxed">
        {benefits.map((benefit) => (
          <li key={benefit.id} className="flex flex-col gap-1">
            <span className="self-start rounded-full bg-member-card px-3 py-0.5 text-xs font-bold text-on-member-card">
              {labelOf(benefit.years)}
            </span>
            <p className="whitespace-pre-wrap break-words">{benefit.message}</p>
            {benefit.item && (
              <Link
                href={paths.item(benefit.item.section, benefit.item.id)}
                className="self-start font-bold underline underline-offset-4"
              >
                {benefit.item.title}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
