'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { toast } from '@/components/ui/toast';
import { withTimeout } from '@/lib/timeout';
import { IDENTITY_TIMEOUT_MS } from '@/features/auth/timeouts';
import { useAuth } from '@/features/auth/components/auth-provider';

const API = '/api/account/verification-mail';

/** 確認メールを再送する (counted by the server, then sent by the provider) and 確認しました (shows the page anew). */
export function ResendVerification() {
  const router = useRouter();
  const { getAuth, handleError } = useAuth();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function resend() {
    setPending(true);
    setError(undefined);
    try {
      const response = await fetch(API, { method: 'POST', cache: 'no-store' });
      const body = (await response.json().catch(() => null)) as {
        verified?: boolean;
        error?: { message?: string };
      } | null;
      if (!response.ok) {
        setError(body?.error?.message ?? 'システムエラーが発生しました。');
        return;
      }
      if (body?.verified) {
        router.refresh();
        return;
      }
      const auth = await getAuth();
      const { sendEmailVerification } = await import('firebase/auth');
      if (!auth.currentUser) throw new Error('no user');
      await withTimeout(
        sendEmailVerification(auth.currentUser),
        IDENTITY_TIMEOUT_MS.browser,
        'sendEmailVerification',
      );
      setSent(true);
      toast.success('確認メールを送信しました');
    } catch (caught) {
      setError(handleError(caught).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mt-4 flex flex-col gap-3">
      <FormError message={error} />
      {sent && (
        <p role="status" className="text-sm">
          確認メールを送信しました。届かない場合は迷惑メールフォルダもご確認ください。
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void resend()} disabled={pending}>
          {pending ? '送信しています…' : '確認メールを再送する'}
        </Button>
        <Button variant="text" onClick={() => router.refresh()}>
          確認が済んだら、こちらを押してください
        </Button>
      </div>
    </div>
  );
}
