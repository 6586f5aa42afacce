import { getDb } from '@/server/db';
import { PageHeading } from '@/components/ui/page-heading';
import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import type { Site } from '@/features/site/server';
import { formatJst, ROUND_KIND_LABELS } from '@/features/presale/components/labels';
import { publishedDraws } from '@/features/presale/server/public-draws';

/** The JSON (an API route, not a page: a plain link, downloaded as it is). */
const DRAWS_JSON = '/api/draws';

/** /draws: every published draw of the site, for anyone to recompute (open data, signed out too). */
export async function DrawsPage({ site }: { site: Site }) {
  const draws = await publishedDraws(await getDb(), site.id);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 md:py-12">
      <PageHeading>抽選の記録</PageHeading>
      <p className="text-sm leading-relaxed">
        ファンクラブ先行の抽選はすべて、公開された記録から誰でも再計算できます。各抽選の検証ページはこのブラウザで当落を計算し直し、JSON
        の記録はコマンド <code>npm run verify-draw</code>{' '}
        でも検証できます。受付開始時のコミットメントや受付終了時の応募リストは
        <Link href="/draws/log" className="mx-1 font-bold underline underline-offset-4">
          抽選ログ
        </Link>
        に記録されています（一覧の JSON：
        <a href={DRAWS_JSON} className="underline underline-offset-4">
          /api/draws
        </a>
        ）。
      </p>
      {draws.length === 0 ? (
        <p>公開済みの抽選はまだありません。</p>
      ) : (
        <ul className="space-y-4" data-testid="draws">
          {draws.map((draw) => (
            <li key={draw.presaleId} className="space-y-1 rounded-lg border border-line px-4 py-3">
              <p className="font-bold">
                {draw.itemId && draw.title ? (
                  <Link href={paths.item('ticket', draw.itemId)} className="underline underline-offset-4">
                    {draw.title}
                  </Link>
                ) : (
                  '（非公開の記事）'
                )}
              </p>
              <p className="text-sm">
                抽選 {formatJst(draw.drawnAt)} ／ 公開 {formatJst(draw.publishedAt)} ／ 応募数{' '}
                {draw.entries === null ? '—' : `${draw.entries.toLocaleString('ja-JP')}件`}
              </p>
              <p className="flex flex-wrap gap-4 text-sm">
                <Link href={draw.verifyUrl} className="font-bold underline underline-offset-4">
                  抽選結果を検証する
                </Link>
                <a href={draw.recordUrl} className="underline underline-offset-4">
                  抽選記録（JSON）
                </a>
              </p>
              {draw.rounds.length > 0 && (
                <ul className="space-y-1 border-t border-line pt-2 text-sm" data-testid="second-rounds">
                  {draw.rounds.map((round) => (
                    <li key={round.number} className="flex flex-wrap gap-x-4">
                      <span>
                        第{round.number}回（{ROUND_KIND_LABELS[round.kind]}） 抽選 {formatJst(round.drawnAt)}{' '}
                        ／ 応募数 {round.entries.toLocaleString('ja-JP')}件
                      </span>
                      <Link href={round.verifyUrl} className="font-bold underline underline-offset-4">
                        検証する
                      </Link>
                      <a href={round.recordUrl} className="underline underline-offset-4">
                        記録（JSON）
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
