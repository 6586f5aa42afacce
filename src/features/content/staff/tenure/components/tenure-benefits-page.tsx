import { getDb } from '@/server/db';
import { PageHeading } from '@/components/ui/page-heading';
import type { Site } from '@/features/site';
import type { StaffActor } from '@/features/staff';
import { benefitItemChoices, listTenureBenefits } from '@/features/content/staff/tenure/server/benefits';
import { TenureBenefitForm } from '@/features/content/staff/tenure/components/tenure-benefit-form';
import { TenureBenefitDelete } from '@/features/content/staff/tenure/components/tenure-benefit-delete';

/**
 * 会員歴の特典: what staff give members who reached a tenure mark (the site's TENURE.MARKS). A benefit is a message,
 * optionally with an item; only members holding the mark see it, on My page.
 */
export async function TenureBenefitsPage({ actor, site }: { actor: StaffActor; site: Site }) {
  const db = await getDb();
  const [benefits, items] = await Promise.all([listTenureBenefits(db, actor), benefitItemChoices(db, actor)]);
  const marks = site.config.TENURE.MARKS.toSorted((a, b) => a.years - b.years);
  const labelOf = (years: number) => marks.find((mark) => mark.years === years)?.label ?? `${years}年`;
  return (
    <div className="flex flex-col gap-8">
      <PageHeading>会員歴の特典</PageHeading>
      <p className="text-sm leading-relaxed">
        継続年数が会員歴の証（
        {marks.map((mark) => mark.label).join('・')}
        ）に達した会員だけに、マイページでメッセージと特典のコンテンツを表示します。更新が途切れてから
        {site.config.TENURE.GRACE_DAYS}日以内の再入会は継続とみなします。
      </p>
      <section aria-labelledby="benefit-list-heading" className="flex flex-col gap-3">
        <h2 id="benefit-list-heading" className="text-lg font-bold">
          特典一覧
        </h2>
        {benefits.length === 0 ? (
          <p className="text-sm">まだ特典はありません。</p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="benefit-list">
            {benefits.map((benefit) => (
              <li
                key={benefit.id}
                className="flex items-start justify-between gap-4 rounded-lg border border-line p-4"
              >
                <div className="flex min-w-0 flex-col gap-1 text-sm">
                  <p className="font-bold">{labelOf(benefit.years)}</p>
                  <p className="whitespace-pre-wrap break-words">{benefit.message}</p>
                  {benefit.item && <p className="text-ink/75">コンテンツ：{benefit.item.title}</p>}
                </div>
                <TenureBenefitDelete id={benefit.id} label={labelOf(benefit.years)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <TenureBenefitForm marks={marks} items={items.map(({ id, title }) => ({ id, title }))} />
    </div>
  );
}
