import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { formatInJapan } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import type { Site } from '@/features/site';
import type { Member } from '@/features/membership';
import { formatMemberNumber } from '@/features/membership/server';
import { memberPlan } from '@/features/billing/server';
import { STATUS_LABELS, SUBJECT_LABELS } from '@/features/support/types';
import { memberThreads } from '@/features/support/server/threads';
import { CopyBlock } from './copy-block';

/**
 * My page's help block (decision 0053). With the in-club contact form on: 「お問い合わせ」 and the fan's threads.
 * Off: the site's outside help centre, and the member number and plan in a block the fan copies into its form.
 */
export async function SupportBlock({ site, member }: { site: Site; member: Member }) {
  const db = await getDb();
  if (!site.config.CONTACT_FORM.enabled) {
    const plan = await memberPlan(db, member);
    const text = [
      `サイト：${site.config.SERVICE_NAME}`,
      `会員番号：${member.memberNumber ? formatMemberNumber(member.memberNumber) : '未発行'}`,
      `プラン：${plan?.name ?? 'なし'}`,
    ].join('\n');
    return (
      <section aria-labelledby="support-heading" className="rounded-lg border border-line p-6 text-sm">
        <h2 id="support-heading" className="text-lg font-bold">
          お問い合わせ
        </h2>
        <p className="mt-3 leading-relaxed">
          お問い合わせは「よくある質問・お問い合わせ」のページから受け付けています。フォームには次の会員情報をお書き添えください。
        </p>
        <CopyBlock text={text} />
        <a
          href={site.config.FAQ.href}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-block underline underline-offset-4"
        >
          よくある質問・お問い合わせ（外部サイト）
        </a>
      </section>
    );
  }
  const threads = await memberThreads(db, member, 5);
  return (
    <section aria-labelledby="support-heading" className="rounded-lg border border-line p-6 text-sm">
      <h2 id="support-heading" className="text-lg font-bold">
        お問い合わせ
      </h2>
      <p className="mt-3 leading-relaxed">
        会員番号とご利用中のプランは自動でお伝えします。お支払いやチケットについては、お支払い履歴・チケットの「お問い合わせ」からどうぞ。
      </p>
      <Link href={paths.contact({ from: paths.myPage() })} className={buttonClass('secondary', 'mt-4')}>
        お問い合わせ
      </Link>
      {threads.length > 0 && (
        <ul className="mt-4 flex flex-col divide-y divide-line" data-testid="support-threads">
          {threads.map((thread) => (
            <li key={thread.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <Link href={paths.contactThread(thread.id)} className="underline underline-offset-4">
                {formatInJapan(thread.createdAt, 'yyyy/MM/dd')} {SUBJECT_LABELS[thread.subject]}のお問い合わせ
              </Link>
              <span
                className={`rounded-full px-3 py-1 text-xs font-bold ${
                  thread.status === 'answered' ? 'bg-primary text-ink' : 'bg-surface-sub'
                }`}
              >
                {STATUS_LABELS[thread.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
