import { Link } from '@/components/ui/link';
import { transparencyReport, type DrawRecord } from '@/features/presale/draw';

/** The transparency report and the record's own values, from a record that verified or at least could be read. */
export function RecordDetails({ record, presaleId }: { record: DrawRecord; presaleId: string }) {
  const report = transparencyReport(record);
  return (
    <>
      <section aria-labelledby="report">
        <h2 id="report" className="mb-2 font-bold">
          抽選レポート
        </h2>
        <p className="text-sm">
          応募 {report.entries}件・{report.ticketsRequested}枚
        </p>
        <table className="mt-2 w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">希望順位</th>
              <th scope="col">抽選対象</th>
              <th scope="col">当選</th>
            </tr>
          </thead>
          <tbody>
            {report.ranks.map((rank) => (
              <tr key={rank.rank}>
                <td>第{rank.rank}希望</td>
                <td>{rank.tried}件</td>
                <td>
                  {rank.won}件{rank.tried ? `（${Math.round((rank.won / rank.tried) * 100)}%）` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {report.voided.map((v) => (
          <p key={v.reason} className="mt-2 text-sm">
            無効 {v.count}件：{v.reason}
          </p>
        ))}
      </section>
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
        <p className="mt-2">
          beacon {record.beacon ? `${record.beacon.source} ${record.beacon.round}` : 'なし'}。抽選ログ：
          <Link href="/draws/log" className="font-bold underline">
            ページ
          </Link>
          ・
          <a href="/api/draws/log" download="draw-log.json" className="font-bold underline">
            JSON
          </a>
        </p>
      </details>
    </>
  );
}
