'use client';

import { useEffect, useState } from 'react';
import { TextField } from '@/components/ui/text-field';
import {
  fetchBytes,
  parseJsonBytes,
  recordPath,
  verifyPublishedDraw,
  type DrawRecord,
  type PublishedDrawVerification,
} from '@/features/presale/draw';
import { DrawChecks } from './draw-checks';
import { RecordDetails } from './draw-record-details';
import { checkKeptCopy } from './kept-log';
import { ROUND_KIND_LABELS } from './labels';

type State =
  | { kind: 'loading' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'done'; verified: PublishedDrawVerification };

const TIMEOUT_MS = 15_000;

/** The record's exact bytes (the log holds their hash), or the server's Japanese reason for not serving them. */
async function loadRecord(
  presaleId: string,
  round: number | null,
): Promise<Uint8Array | { message: string }> {
  const response = await fetch(recordPath(presaleId, round), {
    signal: AbortSignal.timeout(TIMEOUT_MS),
  }).catch(() => null);
  if (!response) return { message: '抽選記録を読み込めませんでした。' };
  if (!response.ok) {
    const json = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    return { message: json?.error?.message ?? '抽選記録を読み込めませんでした。' };
  }
  return new Uint8Array(await response.arrayBuffer());
}

async function loadLog() {
  try {
    const read = parseJsonBytes(await fetchBytes('/api/draws/log', TIMEOUT_MS));
    return 'error' in read ? { error: `抽選ログが${read.error}。` } : read;
  } catch {
    return {
      error: '抽選ログを読み込めないため、コミットメントが事前に公開された値か確かめられません（第8節）。',
    };
  }
}

function verdict(verified: PublishedDrawVerification, record: DrawRecord | null): string {
  if (verified.ok) {
    return `検証できました：公開された記録から再計算した当落は発表と一致し、抽選ログに事前に記録された値とも一致しています（${record?.entries.length ?? 0}件）。`;
  }
  return verified.record.ok
    ? '検証できませんでした：記録は再計算と一致しましたが、抽選ログと照合できません。'
    : '検証できませんでした：記録が定められた形または再計算と一致しません。';
}

/**
 * Recomputes the published draw in this browser (WebCrypto) from the record's exact bytes, checks them against the
 * site's draw log, and shows the fan's own entry: nothing here trusts the server's results.
 */
export function DrawVerifier({
  presaleId,
  round = null,
  entry,
  offeringNames = {},
}: {
  presaleId: string;
  /** A second round's number (docs/presale-draw.md, section 9), or null for the first round. */
  round?: number | null;
  entry: string;
  /** Offering id to "12/11(金) 19:00 Zepp Nagoya 指定席": the record itself names offerings by id only. */
  offeringNames?: Record<string, string>;
}) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [mine, setMine] = useState(entry);
  useEffect(() => {
    let current = true;
    void (async () => {
      const [file, log] = await Promise.all([loadRecord(presaleId, round), loadLog()]);
      if (!(file instanceof Uint8Array)) {
        if (current) setState({ kind: 'unavailable', message: file.message });
        return;
      }
      const published = await verifyPublishedDraw(file, log);
      const verified = 'json' in log ? await checkKeptCopy(published, log.json) : published;
      if (current) setState({ kind: 'done', verified });
    })();
    return () => {
      current = false;
    };
  }, [presaleId, round]);

  if (state.kind === 'loading') return <p aria-live="polite">抽選をこのブラウザで再計算しています…</p>;
  if (state.kind === 'unavailable') return <p role="alert">{state.message}</p>;
  return (
    <DrawVerification
      verified={state.verified}
      presaleId={presaleId}
      mine={mine}
      onMine={setMine}
      offeringNames={offeringNames}
    />
  );
}

/** The verification's outcome, apart from its loading so that it renders from a given result (and is tested so). */
export function DrawVerification({
  verified,
  presaleId,
  mine,
  onMine,
  offeringNames = {},
}: {
  verified: PublishedDrawVerification;
  presaleId: string;
  mine: string;
  onMine: (value: string) => void;
  offeringNames?: Record<string, string>;
}) {
  const record = verified.record.record;
  // Receipt numbers are upper case; ids are compared exactly first, as the document says (section 2).
  const results = verified.record.results;
  const typed = mine.trim();
  const result =
    results.find((r) => r.entry === typed) ?? results.find((r) => r.entry === typed.toUpperCase());
  return (
    <div className="space-y-6">
      <p
        role="status"
        data-verified={verified.ok}
        className={`rounded-lg px-4 py-3 font-bold ${verified.ok ? 'bg-surface-sub' : 'bg-error/10 text-error'}`}
      >
        {verdict(verified, record)}
      </p>
      {verified.record.warnings.map((warning) => (
        <p
          key={warning}
          role="note"
          data-beacon-note
          className="rounded-lg border-2 border-error px-4 py-3 text-lg font-bold text-error"
        >
          {warning}
        </p>
      ))}
      <DrawChecks verified={verified} />
      {record && (
        <TextField
          label="受付番号"
          hint="マイページに表示される受付番号です。"
          value={mine}
          onChange={(e) => onMine(e.target.value)}
        />
      )}
      {record && mine && (
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
      {record?.round && (
        <p data-second-round={record.round.number}>
          第{record.round.number}回の抽選（{ROUND_KIND_LABELS[record.round.kind]}
          ）です。第1回の抽選記録（SHA-256 <span className="font-mono break-all">{record.round.first}</span>
          ）に続く抽選で、その記録が抽選ログにあることも確かめています。{' '}
          <a href={`/presales/${presaleId}/verify`} className="font-bold underline">
            第1回の抽選を検証する
          </a>
        </p>
      )}
      {record && <RecordDetails record={record} presaleId={presaleId} offeringNames={offeringNames} />}
    </div>
  );
}
