import type { Metadata } from 'next';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignUpAccountStep } from '@/features/auth/components/sign-up-account-step';

export const metadata: Metadata = { title: '新規入会', robots: { index: false } };

export default function SignUpPage() {
  return (
    <AuthCard title="新規入会" lead="まずはログインに使うメールアドレスとパスワードを登録してください。">
      <SignUpAccountStep />
    </AuthCard>
  );
}
