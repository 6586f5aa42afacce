import type { Db } from '@/server/db/client';
import type { Site } from '@/features/site';
import type { Member } from '@/features/membership';
import { needsConsent } from '@/features/consent/versions';
import { currentVersions } from '@/features/consent/server/current';
import { versionsView } from '@/features/consent/server/view';
import { AgreeButton } from '@/features/consent/components/agree-button';
import { DocumentLinks } from '@/features/consent/components/document-links';

/**
 * The request to agree (again), at the top of My page and of a sign-up step that needs it: what changed, links to
 * the documents and 同意する. Nothing else on the page is held back; the member can read on. Renders nothing when
 * the member agreed to the current versions.
 */
export async function ConsentBlock({
  db,
  site,
  member,
  signUp = false,
}: {
  db: Db;
  site: Site;
  member: Member | null;
  signUp?: boolean;
}) {
  const current = await currentVersions(db, site);
  if (!needsConsent(current, member)) return null;
  const versions = versionsView(current);
  const renewed = member?.consentedAt != null;
  return (
    <section
      aria-labelledby="consent-heading"
      className="rounded-lg border-2 border-tertiary bg-surface p-5"
      data-testid="consent-block"
    >
      <h2 id="consent-heading" className="text-lg font-bold">
        {renewed ? '利用規約が改定されました' : '利用規約への同意のお願い'}
      </h2>
      <p className="mt-2 text-sm leading-relaxed">
        {renewed
          ? '新しい利用規約・プライバシーポリシーをお読みいただき、同意をお願いします。'
          : signUp
            ? '入会手続きを続けるには、利用規約とプライバシーポリシーへの同意が必要です。'
            : 'サービスのご利用には、利用規約とプライバシーポリシーへの同意が必要です。'}
      </p>
      <div className="mt-3">
        <DocumentLinks versions={versions} />
      </div>
      <AgreeButton versions={versions} />
    </section>
  );
}
