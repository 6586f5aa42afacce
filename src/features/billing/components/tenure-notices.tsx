import { differenceInCalendarDays } from 'date-fns';
import { formatDateJa } from '@/lib/dates';
import type { Site } from '@/features/site';
import type { MemberTenure } from '@/features/membership/server';

/**
 * From this many days before a konbini period ends, My page says what happens to 会員歴; a member who cancelled is
 * told at once.
 */
export const LAPSE_NOTICE_DAYS = 30;

/**
 * My page's word on 会員歴 before it is lost (docs/decisions/0052): a cancelled card or a konbini period does not renew
 * by itself; paying again by the end plus the site's grace keeps the years, later they start again at 1年目.
 */
export function TenureNotices({
  site,
  tenure,
  now,
  renews,
  leaving,
}: {
  site: Site;
  tenure: MemberTenure;
  now: Date;
  /** A card membership that renews by itself: nothing to warn about. */
  renews: boolean;
  /** The member cancelled: told at once, whatever the time left. */
  leaving: boolean;
}) {
  const run = tenure.tenure;
  if (!run || renews) return null;
  if (!leaving && differenceInCalendarDays(run.paidUntil, now) > LAPSE_NOTICE_DAYS) return null;
  const grace = site.config.TENURE.GRACE_DAYS;
  return (
    <section
      role="status"
      data-testid="tenure-lapse-notice"
      className="rounded-lg border-2 border-primary p-6 text-sm leading-relaxed"
    >
      <h2 className="mb-2 text-base font-bold">会員歴について</h2>
      <p>
        会員期間は{formatDateJa(run.paidUntil)}までです。
        {formatDateJa(run.lapsesAt)}
        までに更新（再入会）すると、会員歴（現在{run.yearOfMembership}年目
        {tenure.mark ? `・${tenure.mark.label}` : ''}）はそのまま続きます。
      </p>
      <p className="mt-1">
        それを過ぎると、会員歴は1年目から数え直しになります（会員期間の終了から{grace}日を過ぎた場合）。
      </p>
    </section>
  );
}
