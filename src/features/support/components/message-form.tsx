'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { postJson } from '@/lib/post-json';

/**
 * The text box of a question or an answer, posted as JSON with what the page names (`extra`: the payment, the ticket,
 * the page the fan came from). The server answers the thread's id; a 4xx keeps the text and shows its message.
 */
export function MessageForm({
  url,
  extra = {},
  label,
  submitLabel,
  done,
  nextBase,
}: {
  url: string;
  extra?: Record<string, string>;
  label: string;
  submitLabel: string;
  done: string;
  /** Where to go once sent: this path followed by the answered id; unset: the page is refreshed. */
  nextBase?: string;
}) {
  const router = useRouter();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSending(true);
    const result = await postJson<{ id: string }>(url, { ...extra, body });
    setSending(false);
    if (!result.ok) {
      setError(result.fields.body ?? result.message);
      return;
    }
    setError(null);
    setBody('');
    toast.success(done);
    if (nextBase) router.push(`${nextBase}${result.data.id}`);
    else router.refresh();
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <label className="block">
        <span className="mb-1 block text-sm font-bold">{label}</span>
        <textarea
          name="body"
          className="min-h-36 w-full rounded-lg border border-line bg-surface p-3"
          maxLength={2000}
          value={body}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'message-error' : undefined}
          onChange={(event) => setBody(event.target.value)}
        />
        <span className="block text-xs text-ink/75">2000文字以内</span>
      </label>
      {error && (
        <p id="message-error" role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
      <Button type="submit" disabled={sending} className="self-start">
        {sending ? '送信しています…' : submitLabel}
      </Button>
    </form>
  );
}
