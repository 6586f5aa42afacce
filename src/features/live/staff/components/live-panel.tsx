'use client';

import { useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { formatInJapan, toJstLocalInput } from '@/lib/dates';
import { postJson } from '@/lib/post-json';
import type { StaffLiveStream } from '@/features/live/types';

interface Saved {
  stream: StaffLiveStream;
  streamKey: string | null;
}

const STATE_LABEL = { scheduled: '配信開始前', live: '配信中', ended: '配信終了' } as const;

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-bold">{label}</span>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 break-all rounded bg-neutral-100 px-2 py-1 text-sm" data-testid={testId}>
          {value}
        </code>
        <button
          type="button"
          className={buttonClass('secondary', 'min-h-9 px-4 text-sm')}
          onClick={() =>
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'コピーしました' : 'コピー'}
        </button>
      </div>
    </div>
  );
}

/**
 * ライブ配信 in the item's editor: the scheduled start and the archive period; then what to paste into OBS (the
 * ingest address and the stream key, shown right after it is made or regenerated, never again).
 */
export function LivePanel({
  itemId,
  initial,
  ingestUrl,
}: {
  itemId: string;
  initial: StaffLiveStream | null;
  /** LIVE_INGEST_URL; null when the site has no media server configured. */
  ingestUrl: string | null;
}) {
  const [stream, setStream] = useState(initial);
  const [streamKey, setStreamKey] = useState<string | null>(null);
  const [scheduledAt, setScheduledAt] = useState(initial ? toJstLocalInput(initial.scheduledAt) : '');
  const [archiveDays, setArchiveDays] = useState(String(initial?.archiveDays ?? 7));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = (result: Awaited<ReturnType<typeof postJson<Saved>>>, done: string) => {
    setBusy(false);
    if (!result.ok) {
      setErrors(result.fields);
      setMessage(result.message);
      return;
    }
    setErrors({});
    setStream(result.data.stream);
    if (result.data.streamKey) setStreamKey(result.data.streamKey);
    setMessage(done);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await postJson<Saved>(`/api/staff/live/${itemId}`, { scheduledAt, archiveDays });
    apply(result, stream ? 'ライブ配信の設定を保存しました。' : 'ライブ配信を作成しました。');
  };

  const regenerate = async () => {
    if (!window.confirm('ストリームキーを再発行しますか？今のキーは使えなくなります。')) return;
    setBusy(true);
    apply(await postJson<Saved>(`/api/staff/live/${itemId}/key`, {}), 'ストリームキーを再発行しました。');
  };

  return (
    <section className="flex flex-col gap-4 rounded-lg border border-line p-4" aria-labelledby="live-heading">
      <h2 id="live-heading" className="text-lg font-bold">
        ライブ配信
      </h2>
      {stream && (
        <p data-testid="live-state">
          状態: <strong>{STATE_LABEL[stream.state]}</strong>
          {stream.archiveUntil &&
            `（アーカイブ公開は ${formatInJapan(stream.archiveUntil, 'yyyy/MM/dd HH:mm')} まで）`}
        </p>
      )}
      <form className="grid gap-3 md:grid-cols-2" onSubmit={(event) => void save(event)} noValidate>
        <TextField
          label="配信開始予定日時"
          type="datetime-local"
          name="scheduledAt"
          value={scheduledAt}
          onChange={(event) => setScheduledAt(event.target.value)}
          error={errors.scheduledAt}
          required
        />
        <TextField
          label="アーカイブの公開日数"
          hint="配信終了から何日間、会員がアーカイブを見られるか（0 で公開しません）"
          type="number"
          name="archiveDays"
          min={0}
          max={365}
          value={archiveDays}
          onChange={(event) => setArchiveDays(event.target.value)}
          error={errors.archiveDays}
        />
        <div className="md:col-span-2">
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            {stream ? '配信設定を保存' : 'ライブ配信を作成'}
          </button>
        </div>
      </form>
      {message && (
        <p role="status" className="text-sm font-bold">
          {message}
        </p>
      )}
      {stream && (
        <div className="flex flex-col gap-3 border-t border-line pt-4">
          <h3 className="font-bold">OBS の設定（設定 → 配信 → サービス「カスタム」）</h3>
          {ingestUrl ? (
            <CopyField label="サーバー" value={ingestUrl} testId="live-ingest" />
          ) : (
            <p>配信サーバーが設定されていません（LIVE_INGEST_URL）。運用担当者にお問い合わせください。</p>
          )}
          {streamKey ? (
            <>
              <CopyField label="ストリームキー" value={streamKey} testId="live-key" />
              <p className="text-sm">
                このキーは今だけ表示されます。他の人に見せないでください。分からなくなったら再発行してください。
              </p>
            </>
          ) : (
            <p className="text-sm">ストリームキーは作成・再発行の直後にだけ表示されます。</p>
          )}
          <div>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => void regenerate()}
              disabled={busy}
            >
              ストリームキーを再発行
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
