import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import { PageHeading } from '@/components/ui/page-heading';
import { getDb } from '@/server/db';
import { requireSite, type HostParams } from '@/features/site/app';
import { requireViewer } from '@/features/auth/app';
import { SignOutButton } from '@/features/auth/ui';
import { findMember } from '@/features/membership/server';
import { MembershipPanel, BillingPanel } from '@/features/billing/app';
import { getPaymentProvider } from '@/features/billing/server';
import { MyTenureBenefits } from '@/features/content/app';
import { MemberDetails } from '@/features/membership/ui';
import { getStaffActor } from '@/features/staff/app';
import { ConsentBlock } from '@/features/consent/app';
import { NoticesLink } from '@/features/notices/app';
import { myTickets } from '@/features/presale/server';
import { MyTickets } from '@/features/presale/ui';
import { myETickets, offlineCopyFor } from '@/features/tickets/server';
import { ETickets, LivingCode, LivingCodesProvider } from '@/features/tickets/ui';
import { SupportBlock } from '@/features/support/app';
import { myResale } from '@/features/resale/server';
import { MyResalePanel } from '@/features/resale/ui';

// Personal: rendered for each request from the session cookie, never cached.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'マイページ', robots: { index: false } };

export default async function MyPage({ params }: HostParams) {
  const viewer = await requireViewer((await params).host, paths.myPage());
  const site = await requireSite({ params });
  const db = await getDb();
  const [member, staff] = await Promise.all([
    findMember(db, site.id, viewer.uid),
    getStaffActor((await params).host),
  ]);
  const eTickets = member?.memberNumber ? await myETickets(db, site.id, member.id) : [];
  return (
    <LivingCodesProvider
      enabled={Boolean(member?.memberNumber)}
      offlineCopy={member?.memberNumber ? offlineCopyFor(site.id, viewer.uid, eTickets) : undefined}
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10 md:py-16">
        <PageHeading>マイページ</PageHeading>
        {/* A member asked to agree to a new version sees it first; the rest of the page stays readable. */}
        {member && <ConsentBlock db={db} site={site} member={member} />}
        {member?.memberNumber && <NoticesLink siteId={site.id} memberId={member.id} />}
        <MembershipPanel
          site={site}
          member={member}
          cardCode={<LivingCode subject="card" label="会員証" />}
        />
        {member?.memberNumber && (
          <MyTenureBenefits
            site={site}
            member={member}
            now={await (await getPaymentProvider()).now(site.id)}
          />
        )}
        {member?.memberNumber && <BillingPanel site={site} member={member} />}
        <ETickets tickets={eTickets} contact={site.config.CONTACT_FORM.enabled} />
        {member?.memberNumber && <MyTickets rows={await myTickets(db, site.id, member.id)} />}
        {member?.memberNumber && <MyResalePanel data={await myResale(db, site.id, member.id)} />}
        {member?.memberNumber && <MemberDetails member={member} />}
        {member?.memberNumber && <SupportBlock site={site} member={member} />}
        <section aria-labelledby="account-heading" className="rounded-lg border border-line p-6">
          <h2 id="account-heading" className="text-lg font-bold">
            アカウント
          </h2>
          <dl className="mt-4 grid gap-1 text-sm">
            <dt className="font-bold">メールアドレス</dt>
            <dd className="break-all" data-testid="account-email">
              {viewer.email ?? '未登録'}
            </dd>
          </dl>
          <ul className="mt-6 flex flex-col gap-3 text-sm">
            <li>
              <Link href={paths.changeEmail()} className="underline underline-offset-4">
                メールアドレスを変更する
              </Link>
            </li>
            <li>
              <Link href={paths.changePassword()} className="underline underline-offset-4">
                パスワードを変更する
              </Link>
            </li>
          </ul>
        </section>
        {staff && (
          <p className="text-center">
            <Link href={paths.staff.home()} className="font-bold underline underline-offset-4">
              スタッフ管理へ
            </Link>
          </p>
        )}
        <div className="flex justify-center">
          <SignOutButton />
        </div>
      </div>
    </LivingCodesProvider>
  );
}
