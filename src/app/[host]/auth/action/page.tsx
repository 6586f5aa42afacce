import type { Metadata } from 'next';
import { AuthCard } from '@/features/auth/components/auth-card';
import { AuthAction, type ActionMode } from '@/features/auth/components/auth-action';

export const metadata: Metadata = { title: 'アカウントのお手続き', robots: { index: false } };

const MODES: readonly ActionMode[] = ['resetPassword', 'verifyAndChangeEmail', 'verifyEmail', 'recoverEmail'];

export default async function AuthActionPage({
  searchParams,
}: {
  searchParams: Promise<{ mode?: string; oobCode?: string }>;
}) {
  const { mode, oobCode } = await searchParams;
  const known = MODES.find((candidate) => candidate === mode) ?? null;
  return (
    <AuthCard title={known === 'resetPassword' ? 'パスワードの再設定' : 'アカウントのお手続き'}>
      <AuthAction mode={known} code={typeof oobCode === 'string' && oobCode.length < 512 ? oobCode : null} />
    </AuthCard>
  );
}
