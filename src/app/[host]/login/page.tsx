import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuthCard, SignInForm } from '@/features/auth/ui';

export const metadata: Metadata = { title: 'ログイン', robots: { index: false } };

// The same for everyone, so it is cached like any public page; the form reads ?next= in the browser.
export default function SignInPage() {
  return (
    <AuthCard title="ログイン" lead="ご登録のメールアドレスとパスワードでログインしてください。">
      <Suspense>
        <SignInForm />
      </Suspense>
    </AuthCard>
  );
}
