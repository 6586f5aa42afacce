import type { Metadata } from 'next';
import { requireSite, type HostParams } from '@/features/site/app';
import { AuthCard, SignUpAccountStep } from '@/features/auth/ui';
import { SignUpProgress } from '@/features/signup/ui';

export const metadata: Metadata = { title: '新規入会', robots: { index: false } };

export default async function SignUpPage({ params }: HostParams) {
  const site = await requireSite({ params });
  return (
    <AuthCard title="新規入会" lead="まずはログインに使うメールアドレスとパスワードを登録してください。">
      <SignUpProgress flow={site.config.SIGN_UP_FLOW} current="account" />
      <SignUpAccountStep />
    </AuthCard>
  );
}
