import { describe, expect, it } from 'vitest';
import { drawRecordFile, makeDrawRecord } from './make-record';
import { LOCAL_BEACON_NOTE, type DrawRecord } from './record';
import { verifyDrawRecord, verifyDrawRecordFile } from './verify';
import { VECTOR_ENTRIES, VECTOR_OFFERINGS, VECTOR_SEED } from './vectors.fixture';

// docs/presale-draw.md, sections 1, 2 and 6: one accepted shape, every other refused with a message naming its rule.
const recordOf = () =>
  makeDrawRecord({
    presale: 'vector-2',
    seed: VECTOR_SEED,
    beacon: { source: 'local', round: 1, randomness: 'ff'.repeat(32), note: LOCAL_BEACON_NOTE },
    offerings: VECTOR_OFFERINGS,
    entries: VECTOR_ENTRIES,
    voided: [{ entry: 'Z0Z0', reason: '抽選時点でプレミアム会員ではありません' }],
  });

/** The record as plain JSON, to be bent into shapes the types would not allow. */
type Json = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- test data bent on purpose

async function refused(change: (record: Json) => void): Promise<string> {
  const record = JSON.parse(JSON.stringify(await recordOf())) as Json;
  change(record);
  const verification = await verifyDrawRecord(record);
  expect(verification.ok).toBe(false);
  return verification.problems.join('\n');
}

describe('the one accepted shape of a record', () => {
  it('accepts the record as the server writes it, in any key order, and says what its local beacon is', async () => {
    const record = await recordOf();
    const accepted = await verifyDrawRecord(record);
    expect(accepted).toMatchObject({ ok: true, problems: [], warnings: [LOCAL_BEACON_NOTE] });
    expect(Object.values(accepted.checks).every((c) => c?.length === 0)).toBe(true);
    const text = new TextDecoder().decode(drawRecordFile(record));
    expect(text.startsWith('{"algorithm":"fc-draw-v1","presale":"vector-2","commitment":"630d')).toBe(true);
    expect(text).toContain(`"beacon":{"source":"local","round":1,"randomness":"${'ff'.repeat(32)}","note":`);
    expect(text).toContain('"offerings":[{"id":"P1-A","capacity":2},{"id":"P1-S","capacity":4}');
    expect(text).toContain(
      '"results":[{"entry":"A1B2","outcome":"lost"},{"entry":"C3D4","outcome":"won","rank":1,',
    );
    const reversed = Object.fromEntries(Object.entries(record).reverse());
    expect((await verifyDrawRecord(reversed)).ok).toBe(true);
    expect((await verifyDrawRecordFile(drawRecordFile(record))).ok).toBe(true);
  });

  it('refuses rank on a lost or void result, null or a number', async () => {
    const rule =
      'results[0]: 落選（lost）と無効（void）の結果には rank キーを書きません（null も不可、第6節）';
    expect(await refused((r) => (r.results[0].rank = null))).toContain(rule);
    expect(await refused((r) => (r.results[0].rank = 1))).toContain(rule);
    expect(await refused((r) => (r.results[6].rank = null))).toContain(
      'results[6]: 落選（lost）と無効（void）',
    );
    expect(await refused((r) => delete r.results[1].rank)).toContain('results[1].rank がありません（第6節）');
    expect(await refused((r) => (r.results[1].rank = null))).toContain('rank は1〜9の整数です（第6節）');
  });

  it('refuses results out of order, too few, or void where nothing was voided', async () => {
    expect(await refused((r) => r.results.reverse())).toContain(
      'results は応募リストの正規順でなければなりません（results[0] が「A1B2」ではありません、第6節）',
    );
    expect(await refused((r) => r.results.pop())).toContain(
      'results は応募1件につき1つ（7件）でなければなりません（6件あります、第6節）',
    );
    expect(await refused((r) => (r.results[0] = { entry: 'A1B2', outcome: 'void' }))).toContain(
      'results[0]: void は voided にある応募だけの結果で',
    );
    expect(await refused((r) => (r.results[6] = { entry: 'Z0Z0', outcome: 'lost' }))).toContain(
      'results[6]: void は',
    );
    expect(await refused((r) => (r.results[0].outcome = 'refunded'))).toContain(
      'results[0].outcome: outcome は won・lost・void のいずれかです（第6節）',
    );
  });

  it('refuses unknown keys anywhere and missing keys', async () => {
    expect(await refused((r) => (r.extra = 1))).toContain(
      '記録: 定められていないキー extra は認められません（第6節）',
    );
    expect(await refused((r) => (r.entries[0].name = 'x'))).toContain(
      'entries[0]: 定められていないキー name は認められません（第6節）',
    );
    expect(await refused((r) => (r.beacon.signature = 'ab'.repeat(48)))).toContain(
      'beacon: 定められていないキー signature',
    );
    expect(await refused((r) => delete r.voided)).toContain('voided がありません（第6節）');
  });

  it('refuses a beacon of another length, upper-case hex, and a local beacon without its note', async () => {
    expect(await refused((r) => (r.beacon.randomness = 'ff'.repeat(16)))).toContain(
      'beacon.randomness: ちょうど32バイトの小文字16進（64文字）でなければなりません（第1節）',
    );
    expect(await refused((r) => (r.beacon.randomness = 'ff'.repeat(33)))).toContain('ちょうど32バイト');
    expect(await refused((r) => (r.beacon.randomness = 'FF'.repeat(32)))).toContain(
      'beacon.randomness: ちょうど32バイトの小文字16進',
    );
    expect(await refused((r) => (r.seed = r.seed.toUpperCase()))).toContain(
      'seed: ちょうど32バイトの小文字16進（64文字）でなければなりません（第6節）',
    );
    expect(await refused((r) => delete r.beacon.note)).toContain(
      `beacon.note: note は「${LOCAL_BEACON_NOTE}」です（第1節）`,
    );
    expect(await refused((r) => (r.beacon.note = 'ローカル'))).toContain(
      `beacon.note: note は「${LOCAL_BEACON_NOTE}」です（第1節）`,
    );
    expect(await refused((r) => (r.beacon.source = 'server'))).toContain(
      'beacon.source は drand・local・operator',
    );
    expect(await refused((r) => (r.beacon.round = 0))).toContain(
      'beacon.round: round は1以上の整数です（第1節）',
    );
    const drand = (r: Json) =>
      (r.beacon = {
        source: 'drand',
        round: 657413,
        randomness: 'fc'.repeat(32),
        signature: 'B7'.repeat(48),
      });
    expect(await refused(drand)).toContain(
      'beacon.signature: ちょうど48バイトの小文字16進（96文字）でなければなりません（第1節）',
    );
  });

  it('refuses entries and offerings outside section 2', async () => {
    expect(await refused((r) => (r.entries[2].choices = ['P1-A', 'P1-A']))).toContain(
      'entries[2].choices: 1件の応募の choices に同じ席種を2回書くことはできません（第2節）',
    );
    expect(await refused((r) => (r.entries[2].choices = ['P1-A', 'P3-S']))).toContain(
      'entries[2].choices: 席種「P3-S」は記録の offerings にありません（第2節）',
    );
    expect(await refused((r) => (r.entries[0].choices = []))).toContain(
      'entries[0].choices: choices は1〜9個です（第2節）',
    );
    expect(await refused((r) => (r.entries[0].tickets = 0))).toContain(
      'entries[0].tickets: tickets は1〜9の整数です（第2節）',
    );
    expect(await refused((r) => (r.offerings[0].id = 'P1 A'))).toContain(
      'offerings[0].id: ID は A-Z a-z 0-9 _ - の1〜64文字でなければなりません（第2節）',
    );
    expect(await refused((r) => (r.offerings[0].id = 'P1-Ａ'))).toContain(
      'offerings[0].id: ID は A-Z a-z 0-9 _ -',
    );
    expect(await refused((r) => (r.presale = 'vector/2'))).toContain('presale: ID は A-Z a-z 0-9 _ -');
    expect(await refused((r) => (r.offerings[1].capacity = -1))).toContain(
      'capacity は0以上の整数です（第2節）',
    );
    expect(await refused((r) => r.offerings.reverse())).toContain(
      'offerings は id のバイト順でなければなりません（第6節）',
    );
    expect(await refused((r) => r.entries.reverse())).toContain(
      'entries は応募リストの正規順でなければなりません（第2節）',
    );
    expect(await refused((r) => r.entries.push(r.entries[6]))).toContain(
      'entries に ID「Z0Z0」が2回あります（第2節）',
    );
  });

  it('refuses voided entries out of order, twice, unknown or without a reason', async () => {
    const voided =
      (...entries: string[]) =>
      (r: Json) =>
        (r.voided = entries.map((entry) => ({ entry, reason: '抽選時点でプレミアム会員ではありません' })));
    expect(await refused(voided('Z0Z0', 'A1B2'))).toContain(
      'voided は応募リストの正規順でなければなりません（第6節）',
    );
    expect(await refused(voided('Z0Z0', 'Z0Z0'))).toContain('voided に ID「Z0Z0」が2回あります（第6節）');
    expect(await refused(voided('Z0Z1'))).toContain(
      'voided[0]: 応募「Z0Z1」は entries にありません（第6節）',
    );
    expect(await refused((r) => (r.voided[0].reason = ''))).toContain(
      'voided[0].reason: reason は空にできません（第6節）',
    );
    expect(await refused((r) => (r.voided = [{ entry: 'Z0Z0' }]))).toContain(
      'voided[0].reason がありません（第6節）',
    );
  });

  it('refuses a file that is not UTF-8 JSON, and says which checks failed', async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...drawRecordFile(await recordOf())]);
    expect((await verifyDrawRecordFile(bom)).problems).toEqual([
      '記録ファイルが UTF-8 の JSON として読めません（第6節）。',
    ]);
    const record: DrawRecord = await recordOf();
    const reseeded = await verifyDrawRecord({ ...record, seed: 'ee'.repeat(32) });
    expect(reseeded.checks).toMatchObject({
      commitment: [expect.stringContaining('コミットメント')],
      entryList: [],
    });
  });
});
