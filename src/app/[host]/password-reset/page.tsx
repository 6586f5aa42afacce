import type { Metadata } from 'next';
import { AuthCard, PasswordResetForm } from '@/features/auth/ui';

export const metadata: Metadata = { title: 'パスワードの再設定', robots: { index: false } };

export default function PasswordResetPage() {
  return (
    <AuthCard
      title="パスワードの再設定"
      lead="ご登録のメールアドレスに、パスワードを再設定するためのリンクをお送りします。"
    >
      <PasswordResetForm />
    </AuthCard>
  );
}
