import { renderToStaticMarkup } from 'react-dom/server';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { bytesToHex, sha256 } from '@/features/presale/draw/bytes';
import { entryListValue, nextDrawLogEntry, roundValue, type DrawLogEntry } from '@/features/presale/draw/log';
import { drawRecordFile, makeDrawRecord } from '@/features/presale/draw/make-record';
import { verifyPublishedDraw } from '@/features/presale/draw/published';
import { OPERATOR_BEACON_NOTE } from '@/features/presale/draw/record';
import { DrawVerification } from './draw-verifier';

// Next's Link needs a mounted app router; a plain anchor renders the same for this test.
vi.mock('@/components/ui/link', () => ({ Link: (props: ComponentProps<'a'>) => <a {...props} /> }));

// The browser page's view of the same checks as `npm run verify-draw` (docs/presale-draw.md, sections 6 and 8).
async function published() {
  const record = await makeDrawRecord({
    presale: 'p-1',
    seed: '11'.repeat(32),
    beacon: {
      source: 'operator',
      round: 1764201600,
      randomness: '22'.repeat(32),
      note: OPERATOR_BEACON_NOTE,
    },
    offerings: [{ id: 'S', capacity: 1 }],
    entries: [
      { id: 'A', tickets: 1, choices: ['S'] },
      { id: 'a', tickets: 1, choices: ['S'] },
    ],
    voided: [],
  });
  const file = drawRecordFile(record);
  const entries: DrawLogEntry[] = [];
  for (const [kind, value] of [
    ['commitment', record.commitment],
    ['round', roundValue(record.beacon!)],
    ['entry-list', entryListValue(record.entryListHash, 2)],
    ['record', bytesToHex(await sha256(file))],
  ] as const) {
    entries.push(
      await nextDrawLogEntry(entries.at(-1) ?? null, {
        at: '2026-11-27T00:00:00.000Z',
        presale: 'p-1',
        kind,
        value,
      }),
    );
  }
  return { record, file, log: { algorithm: 'fc-draw-log-v1', site: 'mio', entries } };
}

const render = (verified: Awaited<ReturnType<typeof verifyPublishedDraw>>) =>
  renderToStaticMarkup(<DrawVerification verified={verified} presaleId="p-1" mine="a" onMine={() => {}} />);

describe('the verification page', () => {
  it('shows each check passed, the operator note prominently, and the entry looked up exactly', async () => {
    const { file, log } = await published();
    const html = render(await verifyPublishedDraw(file, { json: log }));
    expect(html).toContain('data-verified="true"');
    for (const label of ['シード/コミットメント', '応募リスト', 'ビーコン', '結果', '抽選ログ']) {
      expect(html).toContain(`${label}：一致`);
    }
    expect(html).not.toContain('記録の形式');
    expect(html).toMatch(new RegExp(`role="note"[^>]*>${OPERATOR_BEACON_NOTE}<`));
    expect(html).toMatch(/受付番号 a：(落選|第1希望で当選)/);
  });

  it('fails the log line when the log cannot be read, and the results line for a refused shape', async () => {
    const { file, log } = await published();
    const unread = render(await verifyPublishedDraw(file, { error: '抽選ログを読み込めません' }));
    expect(unread).toContain('data-verified="false"');
    expect(unread).toContain('抽選ログ：不一致');
    const bent = JSON.parse(new TextDecoder().decode(file)) as { results: Record<string, unknown>[] };
    bent.results.find((r) => r.outcome === 'lost')!.rank = null;
    const html = render(
      await verifyPublishedDraw(new TextEncoder().encode(JSON.stringify(bent)), { json: log }),
    );
    expect(html).toContain('結果：不一致');
    expect(html).toContain('rank キーを書きません');
    expect(html).toContain('シード/コミットメント：未確認');
  });
});
