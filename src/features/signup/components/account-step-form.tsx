'use client';

import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { withTimeout } from '@/lib/timeout';
import { Button } from '@/components/ui/button';
import { EMAIL_INPUT, TextField } from '@/components/ui/text-field';
import {
  accountSchema,
  describePasswordPolicy,
  IDENTITY_TIMEOUT_MS,
  type AccountValues,
} from '@/features/auth';
import { SessionError, useAuth, useSignUpProof, type SignUpProofState } from '@/features/auth/ui';
import { z } from '@/lib/zod';
import { CONSENT_MISSING_MESSAGE } from '@/features/consent';
import { ConsentFields, agreementOf, type VersionsView } from '@/features/consent/ui';

type AccountFormValues = AccountValues & { agreed: boolean };

/** The account schema, plus the agreement when this step asks for it (the site's TERMS_CONSENT_STEP). */
function accountFormSchema(policy: Parameters<typeof accountSchema>[0], asksConsent: boolean) {
  const agreed = asksConsent
    ? z.boolean().refine((value) => value, { error: CONSENT_MISSING_MESSAGE })
    : z.boolean();
  return accountSchema(policy).and(z.object({ agreed }));
}

/**
 * The account step of sign-up (spec 2): creates the provider user with e-mail and password under the site's
 * password policy, then opens the server session with the proof of work solved while the person typed
 * (docs/decisions/0024). The sign-up flow decides where `onCreated` goes next.
 */
export function AccountStepForm({
  onCreated,
  consent,
}: {
  onCreated: () => void;
  /** The terms to agree to here, when the site asks at this step (decision 0027). */
  consent?: VersionsView;
}) {
  const { getAuth, startSession, handleError, passwordPolicy } = useAuth();
  const humanCheck = useSignUpProof();
  const form = useForm<AccountFormValues>({
    resolver: zodResolver(accountFormSchema(passwordPolicy, consent !== undefined)),
    defaultValues: { email: '', password: '', passwordConfirm: '', agreed: false },
  });
  const { errors, isSubmitting } = form.formState;
  // The SDK is loaded for a visitor only where it is needed: here, while they type.
  useEffect(() => void getAuth().catch(() => {}), [getAuth]);

  const onSubmit = form.handleSubmit(async ({ email, password, agreed }) => {
    // The proof first: no account is made at the provider that the site would then refuse.
    let proof: string;
    try {
      proof = await humanCheck.take();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
      return;
    }
    const auth = await getAuth();
    const sdk = await import('firebase/auth');
    try {
      const { user } = await withTimeout(
        sdk.createUserWithEmailAndPassword(auth, email, password),
        IDENTITY_TIMEOUT_MS.browser,
        'createUserWithEmailAndPassword',
      );
      await startSession(user, {
        proof,
        ...(consent ? { consent: { ...agreementOf(consent), agreed } } : {}),
      });
      // The address is confirmed through the provider's mail before the first payment (decision 0027); a mail
      // that fails to go now can be asked for again on the payment step.
      await withTimeout(
        sdk.sendEmailVerification(user),
        IDENTITY_TIMEOUT_MS.browser,
        'sendEmailVerification',
      ).catch(() => {});
      toast.success('アカウントを作成しました');
      onCreated();
    } catch (error) {
      if (error instanceof SessionError) {
        toast.error(error.message);
        return;
      }
      const described = handleError(error);
      if (described.field === 'email') form.setError('email', { message: described.message });
      if (described.field === 'newPassword' || described.field === 'password') {
        form.setError('password', { message: described.message });
      }
    }
  });

  return (
    <form method="post" onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <TextField
        label="メールアドレス"
        {...EMAIL_INPUT}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="パスワード"
        type="password"
        autoComplete="new-password"
        hint={describePasswordPolicy(passwordPolicy)}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="パスワード（確認）"
        type="password"
        autoComplete="new-password"
        error={errors.passwordConfirm?.message}
        {...form.register('passwordConfirm')}
      />
      {consent && (
        <ConsentFields versions={consent} error={errors.agreed?.message} {...form.register('agreed')} />
      )}
      <HumanCheckStatus state={humanCheck.state} onRetry={humanCheck.retry} />
      <Button type="submit" disabled={isSubmitting} className="mt-2">
        {isSubmitting ? '登録しています…' : '登録して次へ'}
      </Button>
    </form>
  );
}

/** One quiet line on the proof of work: nothing to do for the person, unless it failed. */
function HumanCheckStatus({ state, onRetry }: { state: SignUpProofState; onRetry: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs" data-testid="human-check">
      <p
        role="status"
        data-state={state.status}
        className={state.status === 'failed' ? 'font-bold text-error' : ''}
      >
        {state.status === 'solving' && '自動登録対策の確認をしています…'}
        {state.status === 'ready' && (
          <>
            <span aria-hidden="true">✓ </span>自動登録対策の確認が完了しました
          </>
        )}
        {state.status === 'failed' && state.message}
      </p>
      {state.status === 'failed' && (
        <Button variant="text" onClick={onRetry}>
          もう一度確認する
        </Button>
      )}
    </div>
  );
}
