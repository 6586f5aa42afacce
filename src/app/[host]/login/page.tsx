import type { Metadata } from 'next';
import { safeNextPath, paths } from '@/lib/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignInForm } from '@/features/auth/components/sign-in-form';

export const metadata: Metadata = { title: 'ログイン', robots: { index: false } };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await searchParams;
  return (
    <AuthCard title="ログイン" lead="ご登録のメールアドレスとパスワードでログインしてください。">
      <SignInForm next={safeNextPath(next, paths.myPage())} />
    </AuthCard>
  );
}
