'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { toast } from '@/components/ui/toast';
import { CONSENT_API } from '@/features/consent/schemas';
import { agreementOf, type VersionsView } from '@/features/consent/components/document-links';

const OFFLINE = '通信できませんでした。接続を確認して、もう一度お試しください。';

/** 同意する: records the agreement to exactly the versions shown, then shows the page without the request. */
export function AgreeButton({ versions }: { versions: VersionsView }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function agree() {
    setPending(true);
    setError(undefined);
    try {
      const response = await fetch(CONSENT_API, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(agreementOf(versions)),
        cache: 'no-store',
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        setError(body?.error?.message ?? 'システムエラーが発生しました。');
        return;
      }
      toast.success('利用規約とプライバシーポリシーに同意しました');
      router.refresh();
    } catch {
      setError(OFFLINE);
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mt-4 flex flex-col gap-3">
      <FormError message={error} />
      <Button onClick={() => void agree()} disabled={pending} className="self-start">
        {pending ? '送信しています…' : '同意する'}
      </Button>
    </div>
  );
}
