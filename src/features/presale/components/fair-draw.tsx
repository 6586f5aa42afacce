import { Link } from '@/components/ui/link';
import { LOCAL_BEACON_NOTE, OPERATOR_BEACON_NOTE } from '@/features/presale/draw';
import type { PresaleView } from '@/features/presale/types';

const short = (hex: string) => `${hex.slice(0, 16)}…${hex.slice(-8)}`;

/** The commit-reveal trail of the draw (docs/presale-draw.md): what is fixed, and when, so nobody can pick winners. */
export function FairDraw({ view }: { view: PresaleView }) {
  return (
    <details className="rounded-lg border border-line px-4 py-3 text-sm">
      <summary className="cursor-pointer font-bold">公正な抽選のしくみ（検証できます）</summary>
      <dl className="mt-3 space-y-2 break-all">
        <div>
          <dt className="font-bold">シードのコミットメント（受付開始時に公開, SHA-256）</dt>
          <dd className="font-mono" title={view.commitment}>
            {short(view.commitment)}
          </dd>
        </div>
        <div>
          <dt className="font-bold">応募リストのハッシュ（受付終了時に確定）</dt>
          <dd className="font-mono">
            {view.entryListHash ? short(view.entryListHash) : '受付終了後に公開します'}
          </dd>
        </div>
        <div>
          <dt className="font-bold">乱数ビーコン</dt>
          <dd>
            {view.beacon
              ? view.beacon.source === 'drand'
                ? `drand ラウンド ${view.beacon.round}（署名を検証済み）`
                : // Whatever else drew the bytes, nobody outside can check them: the record's own words (section 1).
                  `${view.beacon.source === 'local' ? LOCAL_BEACON_NOTE : OPERATOR_BEACON_NOTE}。公開ビーコン（drand）の代わりにサーバーが生成した乱数を使っています。`
              : view.beaconRound
                ? `drand ラウンド ${view.beaconRound}（受付終了時に確定。公開を待って抽選します）`
                : '受付終了時に確定します'}
          </dd>
        </div>
      </dl>
      <p className="mt-3">
        抽選はシード・応募リスト・ビーコンだけから決まり、当落発表の後にシードと全記録を公開します。
        {view.recordPublished && (
          <>
            {' '}
            <Link
              href={`/presales/${view.id}/verify${view.mine ? `?entry=${view.mine.receiptNo}` : ''}`}
              className="font-bold underline underline-offset-4"
            >
              抽選結果を検証する
            </Link>
          </>
        )}
      </p>
    </details>
  );
}
