'use client';

import { useEffect, useState } from 'react';
import { Link } from '@/components/ui/link';
import { useSearchParams } from 'next/navigation';
import { toast } from '@/components/ui/toast';
import { paths } from '@/lib/paths';
import { withTimeout } from '@/lib/timeout';
import { IDENTITY_TIMEOUT_MS } from '@/features/auth/timeouts';
import { describeAuthError } from '@/features/auth/errors';
import { useAuth } from '@/features/auth/components/auth-provider';
import { DonePanel } from '@/features/auth/components/auth-card';
import { NewPasswordForm } from '@/features/auth/components/new-password-fields';

/** The modes of the provider's e-mail links that this page completes. */
export type ActionMode = 'resetPassword' | 'verifyAndChangeEmail' | 'verifyEmail' | 'recoverEmail';

type Stage =
  | { kind: 'checking' }
  | { kind: 'invalid'; message: string }
  | { kind: 'newPassword'; email: string }
  | { kind: 'done'; title: string; body: string };

const DONE_BODIES: Record<Exclude<ActionMode, 'resetPassword'>, { title: string; body: string }> = {
  verifyAndChangeEmail: {
    title: 'メールアドレスを変更しました',
    body: '次回から新しいメールアドレスでログインしてください。',
  },
  verifyEmail: {
    title: 'メールアドレスを確認しました',
    body: 'ご登録ありがとうございます。入会手続きのお支払いに進めます。',
  },
  recoverEmail: {
    title: 'メールアドレスを元に戻しました',
    body: '心当たりのない変更だった場合は、パスワードも変更してください。',
  },
};

/**
 * Where the provider's e-mail links land (/auth/action?mode=…&oobCode=…): a password reset asks for the new
 * password; the e-mail changes and checks are applied at once.
 */
const MODES: readonly ActionMode[] = ['resetPassword', 'verifyAndChangeEmail', 'verifyEmail', 'recoverEmail'];

export function AuthAction() {
  const params = useSearchParams();
  const mode = MODES.find((candidate) => candidate === params.get('mode')) ?? null;
  const rawCode = params.get('oobCode');
  const code = rawCode && rawCode.length < 512 ? rawCode : null;
  const { getAuth, user, startSession } = useAuth();
  const [stage, setStage] = useState<Stage>(
    mode && code
      ? { kind: 'checking' }
      : { kind: 'invalid', message: 'リンクが正しくありません。メールのリンクをもう一度開いてください。' },
  );

  useEffect(() => {
    if (!mode || !code) return;
    let active = true;
    void (async () => {
      const auth = await getAuth();
      const sdk = await import('firebase/auth');
      try {
        // Bounded: a provider that does not answer says "try again" instead of "checking" forever.
        const bounded = <T,>(call: Promise<T>) => withTimeout(call, IDENTITY_TIMEOUT_MS.browser, mode);
        if (mode === 'resetPassword') {
          const email = await bounded(sdk.verifyPasswordResetCode(auth, code));
          if (active) setStage({ kind: 'newPassword', email });
          return;
        }
        await bounded(sdk.applyActionCode(auth, code));
        if (active) setStage({ kind: 'done', ...DONE_BODIES[mode] });
      } catch (error) {
        if (active) setStage({ kind: 'invalid', message: describeAuthError(error).message });
      }
    })();
    return () => {
      active = false;
    };
  }, [mode, code, getAuth]);

  // A signed-in member whose e-mail just changed: refresh the user and the server session's copy of it.
  useEffect(() => {
    if (stage.kind === 'done' && user) {
      void user
        .reload()
        .then(() => startSession(user, { forceRefresh: true }))
        .catch(() => {});
    }
  }, [stage.kind, user, startSession]);

  if (stage.kind === 'checking') return <p role="status">確認しています…</p>;
  if (stage.kind === 'invalid') {
    return (
      <DonePanel title="お手続きを完了できませんでした">
        <p>{stage.message}</p>
        <p className="mt-4">
          <Link href={paths.passwordReset()} className="underline underline-offset-4">
            パスワード再設定をやり直す
          </Link>
        </p>
      </DonePanel>
    );
  }
  if (stage.kind === 'newPassword') {
    return (
      <div className="flex flex-col gap-6">
        <p className="text-sm">{stage.email} の新しいパスワードを設定してください。</p>
        <NewPasswordForm
          submitLabel="パスワードを再設定する"
          onSave={async (password) => {
            const auth = await getAuth();
            const { confirmPasswordReset } = await import('firebase/auth');
            try {
              await withTimeout(
                confirmPasswordReset(auth, code!, password),
                IDENTITY_TIMEOUT_MS.browser,
                'confirmPasswordReset',
              );
            } catch (error) {
              const described = describeAuthError(error);
              if (!described.field) toast.error(described.message);
              return described.field ? described.message : undefined;
            }
            toast.success('パスワードを再設定しました');
            setStage({
              kind: 'done',
              title: 'パスワードを再設定しました',
              body: '新しいパスワードでログインしてください。',
            });
          }}
        />
      </div>
    );
  }
  return (
    <DonePanel title={stage.title}>
      <p>{stage.body}</p>
      <p className="mt-4">
        {user && mode === 'verifyEmail' ? (
          <Link href={paths.signUpContinue()} className="underline underline-offset-4">
            入会手続きを続ける
          </Link>
        ) : (
          <Link href={user ? paths.myPage() : paths.signIn()} className="underline underline-offset-4">
            {user ? 'マイページへ' : 'ログイン画面へ'}
          </Link>
        )}
      </p>
    </DonePanel>
  );
}
