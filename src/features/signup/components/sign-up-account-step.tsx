'use client';

import { Link } from '@/components/ui/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { paths } from '@/lib/paths';
import { DonePanel, useAuth } from '@/features/auth/ui';
import type { VersionsView } from '@/features/consent';
import { AccountStepForm } from '@/features/signup/components/account-step-form';
import { returnPathOf } from '@/features/signup/return-path';

/**
 * The sign-up page's account step, or the way on to the next step for someone already signed in. A `?next=` page
 * (the locked item the fan came from) goes on with them through the flow.
 */
export function SignUpAccountStep({ consent }: { consent?: VersionsView }) {
  const router = useRouter();
  const next = returnPathOf(useSearchParams().get('next'));
  const { isLoading, isLoggedIn } = useAuth();
  if (isLoading) return <p role="status">読み込み中…</p>;
  if (isLoggedIn) {
    return (
      <DonePanel title="すでにログインしています">
        <Link href={paths.signUpContinue(next)} className="underline underline-offset-4">
          入会手続きを続ける
        </Link>
      </DonePanel>
    );
  }
  return (
    <>
      <AccountStepForm
        consent={consent}
        onCreated={() => {
          router.push(paths.signUpContinue(next));
          router.refresh();
        }}
      />
      <p className="mt-6 text-center text-sm">
        すでにアカウントをお持ちの方は{' '}
        <Link href={paths.signIn(next ?? undefined)} className="underline underline-offset-4">
          ログイン
        </Link>
      </p>
    </>
  );
}
