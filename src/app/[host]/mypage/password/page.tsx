import type { Metadata } from 'next';
import { paths } from '@/lib/paths';
import type { HostParams } from '@/features/site';
import { requireViewer } from '@/features/auth/app';
import { AuthCard, ChangePasswordForm } from '@/features/auth/ui';

// Personal: rendered for each request from the session cookie, never cached.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'パスワードの変更', robots: { index: false } };

export default async function ChangePasswordPage({ params }: HostParams) {
  await requireViewer((await params).host, paths.changePassword());
  return (
    <AuthCard title="パスワードの変更">
      <ChangePasswordForm />
    </AuthCard>
  );
}
