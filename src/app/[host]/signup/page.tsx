import type { Metadata } from 'next';
import { Suspense } from 'react';
import { requireSite, type HostParams } from '@/features/site/app';
import { AuthCard } from '@/features/auth/ui';
import { SignUpAccountStep, SignUpProgress } from '@/features/signup/ui';
import { getDb } from '@/server/db';
import { currentVersions, versionsView } from '@/features/consent/server';

export const metadata: Metadata = { title: '新規入会', robots: { index: false } };

export default async function SignUpPage({ params }: HostParams) {
  const site = await requireSite({ params });
  // Kept for every visitor; staff publishing a new version renews it (renewSitePages).
  const consent =
    site.config.TERMS_CONSENT_STEP === 'account'
      ? versionsView(await currentVersions(await getDb(), site))
      : undefined;
  return (
    <AuthCard title="新規入会" lead="まずはログインに使うメールアドレスとパスワードを登録してください。">
      <SignUpProgress flow={site.config.SIGN_UP_FLOW} current="account" />
      {/* The same for everyone, so it is kept like any public page; the step reads ?next= in the browser. */}
      <Suspense fallback={<p role="status">読み込み中…</p>}>
        <SignUpAccountStep consent={consent} />
      </Suspense>
    </AuthCard>
  );
}
