import { getDb } from '@/server/db';
import { Link } from '@/components/ui/link';
import { formatJst, ROUND_KIND_LABELS } from '@/features/presale/components/labels';
import { offeringNames } from '@/features/presale/server/offering-names';
import { secondChanceStaffView } from '@/features/presale/server/second-chance';
import { ReleaseSeatsForm, RunSecondChanceButton } from './second-chance-forms';

/**
 * 復活当選 for staff, once the results are out: how many members wait, which seats came back (lapsed wins and
 * 制作開放席), the form that releases seats, the button that draws the round now, and every second round's record.
 */
export async function SecondChanceSection({
  siteId,
  itemId,
  presaleId,
}: {
  siteId: string;
  itemId: string;
  presaleId: string;
}) {
  const db = await getDb();
  const [view, names] = await Promise.all([
    secondChanceStaffView(db, presaleId),
    offeringNames(db, siteId, presaleId),
  ]);
  const seats = [...view.pool.values()].reduce((sum, n) => sum + n, 0);
  return (
    <section
      aria-labelledby="second-chance-heading"
      className="flex flex-col gap-4"
      data-testid="second-chance"
    >
      <h2 id="second-chance-heading" className="text-lg font-bold">
        復活当選
      </h2>
      <p className="text-sm">
        落選した方のうち「復活当選を希望する」を選んだ方（待機中 {view.waiting.toLocaleString('ja-JP')}
        件）の中から、支払いのなかった当選の席と制作開放席を、先行と同じ公開の方式で抽選します。当選した方のお支払い方法と期限の日数は先行の当選と同じです。
      </p>
      <ul className="list-inside list-disc text-sm">
        {[...view.pool].map(([id, n]) => (
          <li key={id}>
            {names[id] ?? id}：次の抽選の席 {n}席
          </li>
        ))}
      </ul>
      <ReleaseSeatsForm
        itemId={itemId}
        offerings={Object.entries(names).map(([id, name]) => ({ id, name }))}
      />
      <RunSecondChanceButton itemId={itemId} disabled={seats === 0 || view.waiting === 0} />
      {view.released.length > 0 && (
        <ul className="text-sm">
          {view.released.map((release) => (
            <li key={release.at.toISOString() + release.offeringId}>
              {formatJst(release.at.toISOString())} 制作開放席{' '}
              {names[release.offeringId] ?? release.offeringId} {release.seats}席
            </li>
          ))}
        </ul>
      )}
      {view.rounds.length > 0 && (
        <ul className="text-sm" data-testid="second-rounds">
          {view.rounds.map((round) => (
            <li key={round.number}>
              第{round.number}回（{ROUND_KIND_LABELS[round.kind]}）
              {round.drawnAt
                ? ` ${formatJst(round.drawnAt.toISOString())} 抽選 ${round.entries}件中 ${round.winners}件当選 `
                : ' 乱数ビーコン待ち '}
              {round.drawnAt && (
                <Link
                  href={`/presales/${presaleId}/verify?round=${round.number}`}
                  className="underline underline-offset-4"
                >
                  抽選記録と検証ページ
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
