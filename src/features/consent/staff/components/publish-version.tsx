'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { toast } from '@/components/ui/toast';

/**
 * 新しい版として公開: the saved text becomes the next version and every member is asked to agree again. A plain save
 * does not, so this asks once more before doing it.
 */
export function PublishVersion({ kind, current }: { kind: string; current: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function publish() {
    setPending(true);
    setError(undefined);
    try {
      const response = await fetch(`/api/staff/legal/${kind}/version`, { method: 'POST', cache: 'no-store' });
      const body = (await response.json().catch(() => null)) as {
        version?: number;
        error?: { message?: string };
      } | null;
      if (!response.ok) {
        setError(body?.error?.message ?? 'システムエラーが発生しました。');
        return;
      }
      toast.success(`第${body?.version}版として公開しました。会員に再同意をお願いします。`);
      setConfirming(false);
      router.refresh();
    } catch {
      setError('通信できませんでした。接続を確認して、もう一度お試しください。');
    } finally {
      setPending(false);
    }
  }

  return (
    <section
      aria-labelledby="version-heading"
      className="rounded-lg border border-line p-5"
      data-testid="legal-version"
    >
      <h2 id="version-heading" className="text-lg font-bold">
        版の公開
      </h2>
      <p className="mt-2 text-sm">
        現在の版：<span data-testid="legal-version-current">{current}</span>
      </p>
      <p className="mt-2 text-sm leading-relaxed">
        保存だけでは版は変わりません（誤字の修正など）。内容を改定したときは、保存したうえで新しい版として公開してください。
        会員には次にマイページを開いたときに、新しい版への同意をお願いします。
      </p>
      <FormError message={error} />
      {confirming ? (
        <div className="mt-4 flex flex-wrap items-center gap-3" role="group" aria-label="公開の確認">
          <p className="w-full text-sm font-bold">
            保存済みの内容を新しい版として公開し、全会員に再同意を求めます。よろしいですか？
          </p>
          <Button onClick={() => void publish()} disabled={pending}>
            {pending ? '公開しています…' : '公開する'}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={pending}>
            やめる
          </Button>
        </div>
      ) : (
        <Button variant="secondary" className="mt-4" onClick={() => setConfirming(true)}>
          新しい版として公開する
        </Button>
      )}
    </section>
  );
}
