import { Link } from '@/components/ui/link';
import { recordPath, type DrawRecord } from '@/features/presale/draw';
import { DrawReport } from './draw-report';

/** The transparency report and the record's own values, from a record that verified or at least could be read. */
export function RecordDetails({
  record,
  presaleId,
  offeringNames,
}: {
  record: DrawRecord;
  presaleId: string;
  offeringNames?: Record<string, string>;
}) {
  return (
    <>
      <DrawReport record={record} offeringNames={offeringNames} />
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
          href={recordPath(presaleId, record.round?.number ?? null)}
          download={`draw-${presaleId}${record.round ? `-round-${record.round.number}` : ''}.json`}
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
