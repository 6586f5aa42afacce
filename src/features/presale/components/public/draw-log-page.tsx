import { getDb } from '@/server/db';
import { PageHeading } from '@/components/ui/page-heading';
import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import type { Site } from '@/features/site/server';
import type { DrawLogKind } from '@/features/presale/draw';
import { readDrawLog } from '@/features/presale/server/draw-log';
import { presaleItems } from '@/features/presale/server/public-draws';

/** The JSON (an API route, not a page: a plain link, downloaded as it is). */
const LOG_JSON = '/api/draws/log';

const KIND_LABELS: Record<DrawLogKind, string> = {
  commitment: 'シードのコミットメント',
  round: '乱数ビーコン',
  'entry-list': '応募リストのハッシュ:応募数',
  record: '抽選記録ファイルのハッシュ',
};

const JST = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const short = (hex: string) => `${hex.slice(0, 12)}…`;
/** Hashes shortened for reading; everything else (rounds, counts) as written. */
const shortValue = (value: string) => value.replace(/[0-9a-f]{64}/g, (hex) => `${hex.slice(0, 16)}…`);

/** /draws/log: the site's draw log, newest first, for reading; the JSON is what anyone checks. */
export async function DrawLogPage({ site }: { site: Site }) {
  const db = await getDb();
  const [log, items] = await Promise.all([readDrawLog(db, site.id, site.slug), presaleItems(db, site.id)]);
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 md:py-12">
      <PageHeading>抽選ログ</PageHeading>
      <p className="text-sm leading-relaxed">
        先行受付ごとに、受付開始時のシードのコミットメントと乱数ビーコンのラウンド、受付終了時の応募リストのハッシュと応募数、抽選時の記録ファイルのハッシュを、起きた順に追記しています。各項目は一つ前の項目のハッシュを含むため（fc-draw-log-v1）、過去の項目を後から書き換えると、それ以降のすべてのハッシュが合わなくなります。
      </p>
      <p className="rounded-lg bg-surface-sub px-4 py-3 text-sm">
        この表は読みやすさのための表示です（ハッシュは先頭のみ、時刻は日本時間）。正となるのは JSON の抽選ログ{' '}
        <a href={LOG_JSON} className="font-bold underline underline-offset-4">
          /api/draws/log
        </a>{' '}
        です。保存しておけば、後からの変更を確かめられます。
        <Link href="/draws" className="ml-2 underline underline-offset-4">
          公開済みの抽選の一覧
        </Link>
      </p>
      {log.entries.length === 0 ? (
        <p>まだ記録はありません。</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[48rem] border-collapse text-sm" data-testid="draw-log">
            <thead>
              <tr className="border-b border-line text-left whitespace-nowrap">
                {['番号', '時刻（日本時間）', '先行受付', '種類', '値', 'prev', 'hash'].map((label) => (
                  <th key={label} scope="col" className="px-2 py-2">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {log.entries.toReversed().map((entry) => {
                const item = items.get(entry.presale);
                return (
                  <tr key={entry.seq} className="border-b border-line align-top">
                    <td className="px-2 py-2 tabular-nums">{entry.seq}</td>
                    <td className="px-2 py-2 whitespace-nowrap">
                      <time dateTime={entry.at}>{JST.format(new Date(entry.at))}</time>
                    </td>
                    <td className="px-2 py-2">
                      {item ? (
                        <Link
                          href={paths.item('ticket', item.itemId)}
                          className="underline underline-offset-4"
                        >
                          {item.title}
                        </Link>
                      ) : null}
                      <span className="block font-mono text-xs">{entry.presale.slice(0, 8)}</span>
                    </td>
                    <td className="px-2 py-2">
                      {KIND_LABELS[entry.kind]}
                      <span className="block font-mono text-xs">{entry.kind}</span>
                    </td>
                    <td className="px-2 py-2 font-mono break-all" title={entry.value}>
                      {shortValue(entry.value)}
                    </td>
                    <td className="px-2 py-2 font-mono" title={entry.prev}>
                      {short(entry.prev)}
                    </td>
                    <td className="px-2 py-2 font-mono" title={entry.hash}>
                      {short(entry.hash)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
