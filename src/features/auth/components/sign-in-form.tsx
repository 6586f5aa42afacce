'use client';

import { Link } from '@/components/ui/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { EMAIL_INPUT, TextField } from '@/components/ui/text-field';
import { paths, safeNextPath } from '@/lib/paths';
import { withTimeout } from '@/lib/timeout';
import { IDENTITY_TIMEOUT_MS } from '@/features/auth/timeouts';
import { signInSchema, type SignInValues } from '@/features/auth/schemas';
import { useAuth } from '@/features/auth/components/auth-provider';
import { SessionError } from '@/features/auth/client/session';
import { describeSignInError } from '@/features/auth/sign-in-errors';

/** E-mail and password sign-in; then the server session; then where the visitor was going. */
export function SignInForm() {
  const router = useRouter();
  const next = safeNextPath(useSearchParams().get('next'), paths.myPage());
  const { getAuth, startSession, ensureSession, handleError, user, isLoading } = useAuth();
  const checkedUser = useRef<string | null>(null);
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;

  // The SDK is loaded for a visitor only where it is needed: here, while they type.
  useEffect(() => void getAuth().catch(() => {}), [getAuth]);

  // Someone already signed in has nothing to do here, once the server has their session too: without it the member
  // page would send them straight back. If the server cannot open one, they stay here and are told why.
  useEffect(() => {
    if (isLoading || !user || isSubmitting || isSubmitSuccessful || checkedUser.current === user.uid) return;
    checkedUser.current = user.uid;
    ensureSession(user).then(
      () => router.replace(next),
      (error: unknown) => {
        if (error instanceof SessionError) toast.error(error.message);
      },
    );
  }, [isLoading, user, isSubmitting, isSubmitSuccessful, ensureSession, next, router]);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    const auth = await getAuth();
    const sdk = await import('firebase/auth');
    try {
      // Bounded: a provider that does not answer gets "try again" (auth/timeout), not a button stuck for 30 s.
      const { user } = await withTimeout(
        sdk.signInWithEmailAndPassword(auth, email, password),
        IDENTITY_TIMEOUT_MS.browser,
        'signInWithEmailAndPassword',
      );
      await startSession(user);
      toast.success('ログインしました');
      router.replace(next);
      router.refresh();
    } catch (error) {
      if (error instanceof SessionError) {
        await sdk.signOut(auth);
        toast.error(error.message);
        return;
      }
      // A wrong e-mail and a wrong password get one answer: the form never tells who is a member.
      const described = describeSignInError(error);
      if (!described.field) handleError(error);
      else form.setError(described.field === 'email' ? 'email' : 'password', { message: described.message });
      throw error;
    }
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event).catch(() => {})}
      noValidate
      className="flex flex-col gap-5"
    >
      <TextField
        label="メールアドレス"
        {...EMAIL_INPUT}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="パスワード"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" disabled={isSubmitting} className="mt-2">
        {isSubmitting ? 'ログインしています…' : 'ログイン'}
      </Button>
      <div className="flex flex-col items-center gap-3 text-sm">
        <Link href={paths.passwordReset()} className="underline underline-offset-4">
          パスワードをお忘れの方
        </Link>
        <Link href={paths.signUp()} className="underline underline-offset-4">
          はじめての方は新規入会
        </Link>
      </div>
    </form>
  );
}
