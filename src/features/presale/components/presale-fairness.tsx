'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { QueryProvider } from '@/components/ui/query-provider';
import { getJson } from '@/lib/get-json';
import type { PresaleFairness } from '@/features/presale/types';
import { formatJst } from './labels';

function Beacon({ beacon }: { beacon: PresaleFairness['beacon'] }) {
  if (beacon.source === 'drand') {
    return (
      <>
        <p>
          drand（League of Entropy quicknet）ラウンド <strong className="font-mono">{beacon.round}</strong>
          {beacon.roundAt && `（${formatJst(beacon.roundAt)} に公開）`}
        </p>
        <p className="text-xs">
          受付終了後に最初に公開されるラウンドです。受付開始前に決まっており、受付終了まで誰にも（運営者にも）その値はわかりません。
        </p>
        {beacon.logged.length > 1 && (
          <p className="text-xs" data-beacon-history>
            受付期間の延長により変更されました：{beacon.logged.join(' → ')}
          </p>
        )}
      </>
    );
  }
  return (
    <p
      role="note"
      data-beacon-source={beacon.source}
      className="rounded-md bg-error/10 px-3 py-2 font-bold text-error"
    >
      {beacon.note}
      {beacon.source === 'local'
        ? '：このデモはオフラインで動くため、公開ビーコン（drand）の代わりに、受付終了時にサーバーが生成した乱数を使います。'
        : '：公開ビーコン（drand）の代わりに、受付終了時にサーバーが生成した乱数を使います。'}
    </p>
  );
}

function Fairness({ itemId }: { itemId: string }) {
  const query = useQuery({
    queryKey: ['presale-fairness', itemId],
    queryFn: () => getJson<PresaleFairness | null>(`/api/presales/item/${itemId}/fairness`),
  });
  const fairness = query.data;
  if (!fairness) return null;
  return (
    <section
      aria-labelledby="fc-fairness"
      className="mt-8 space-y-3 rounded-xl border border-line px-5 py-4 text-sm"
      data-testid="presale-fairness"
    >
      <h2 id="fc-fairness" className="font-bold">
        抽選の公正性
      </h2>
      <p>
        当落はシード・応募リスト・乱数ビーコンだけから決まります。次の値は受付開始時・受付終了時に公開され、当落発表の後に公開する記録から誰でも再計算できます。
      </p>
      <dl className="space-y-3 break-all">
        <div>
          <dt className="font-bold">シードのコミットメント（SHA-256, 受付開始時に確定）</dt>
          <dd className="font-mono" data-commitment>
            {fairness.commitment}
          </dd>
        </div>
        <div>
          <dt className="font-bold">乱数ビーコン</dt>
          <dd>
            <Beacon beacon={fairness.beacon} />
          </dd>
        </div>
        <div>
          <dt className="font-bold">応募リストのハッシュ（受付終了時に確定）</dt>
          <dd className="font-mono" data-entry-list-hash>
            {fairness.entryListHash ?? '受付終了時に公開します'}
          </dd>
        </div>
        <div>
          <dt className="font-bold">応募数</dt>
          <dd data-entry-count>
            {fairness.entries === null
              ? '受付終了時に公開します'
              : `${fairness.entries.toLocaleString('ja-JP')}件`}
          </dd>
        </div>
      </dl>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        {fairness.verifyUrl && (
          <Link href={fairness.verifyUrl} className="font-bold underline underline-offset-4">
            抽選結果を検証する
          </Link>
        )}
        {fairness.recordUrl && (
          <a href={fairness.recordUrl} className="underline underline-offset-4">
            抽選記録（JSON）
          </a>
        )}
        <Link href="/draws/log" className="underline underline-offset-4">
          抽選ログ
        </Link>
      </p>
    </section>
  );
}

/**
 * What a presale fixed in advance, shown to everyone on its TICKET item (signed out too): nothing personal, fetched
 * beside the shared rendering so that the close and the results show without invalidating it.
 */
export function PresaleFairnessPanel({ itemId }: { itemId: string }) {
  return (
    <QueryProvider>
      <Fairness itemId={itemId} />
    </QueryProvider>
  );
}
