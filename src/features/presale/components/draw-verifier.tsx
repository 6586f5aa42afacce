'use client';

import { useEffect, useState } from 'react';
import { TextField } from '@/components/ui/text-field';
import { verifyDrawRecord, type DrawRecord, type Verification } from '@/features/presale/draw';
import { DrawReport } from './draw-report';

type State =
  | { kind: 'loading' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'done'; record: DrawRecord; verification: Verification };

/**
 * Recomputes the published draw in this browser (WebCrypto), from the record alone, and shows the fan's own entry:
 * nothing here trusts the server's results.
 */
export function DrawVerifier({ presaleId, entry }: { presaleId: string; entry: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [mine, setMine] = useState(entry);
  useEffect(() => {
    void (async () => {
      const response = await fetch(`/api/presales/${presaleId}/record`).catch(() => null);
      const json = (await response?.json().catch(() => null)) as
        (DrawRecord & { error?: { message: string } }) | null;
      if (!response?.ok || !json) {
        setState({
          kind: 'unavailable',
          message: json?.error?.message ?? '抽選記録を読み込めませんでした。',
        });
        return;
      }
      setState({ kind: 'done', record: json, verification: await verifyDrawRecord(json) });
    })();
  }, [presaleId]);

  if (state.kind === 'loading') return <p aria-live="polite">抽選をこのブラウザで再計算しています…</p>;
  if (state.kind === 'unavailable') return <p role="alert">{state.message}</p>;
  const { record, verification } = state;
  const result = verification.results.find((r) => r.entry === mine.trim().toUpperCase());
  return (
    <div className="space-y-6">
      <p
        role="status"
        data-verified={verification.ok}
        className={`rounded-lg px-4 py-3 font-bold ${verification.ok ? 'bg-surface-sub' : 'bg-error/10 text-error'}`}
      >
        {verification.ok
          ? `検証できました：公開された記録から再計算した当落は、発表と一致しています（${record.entries.length}件）。`
          : '検証できませんでした：記録が再計算と一致しません。'}
      </p>
      {verification.problems.map((problem) => (
        <p key={problem} className="text-error">
          {problem}
        </p>
      ))}
      <TextField
        label="受付番号"
        hint="マイページに表示される受付番号です。"
        value={mine}
        onChange={(e) => setMine(e.target.value)}
      />
      {mine && (
        <p data-my-entry={result?.outcome ?? 'none'}>
          {!result
            ? 'この受付番号は抽選記録にありません。'
            : result.outcome === 'won'
              ? `受付番号 ${result.entry}：第${result.rank}希望で当選（再計算の結果）`
              : result.outcome === 'lost'
                ? `受付番号 ${result.entry}：落選（再計算の結果）`
                : `受付番号 ${result.entry}：無効`}
        </p>
      )}
      <DrawReport record={record} />
      <details className="text-sm break-all">
        <summary className="cursor-pointer font-bold">記録の詳細</summary>
        <p className="mt-2 font-mono">commitment {record.commitment}</p>
        <p className="font-mono">seed {record.seed}</p>
        <p className="font-mono">entryListHash {record.entryListHash}</p>
        <p>
          アルゴリズム {record.algorithm}（手順は公開しています。コマンド <code>npm run verify-draw</code>{' '}
          でも検証できます）
        </p>
        <a
          href={`/api/presales/${presaleId}/record`}
          download={`draw-${presaleId}.json`}
          className="font-bold underline"
        >
          抽選記録（JSON）をダウンロード
        </a>
      </details>
    </div>
  );
}
