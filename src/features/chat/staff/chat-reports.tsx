'use client';

import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/get-json';
import { QueryProvider } from '@/components/ui/query-provider';
import type { ChatReportView } from '@/features/chat/types';
import { chatAction } from '@/features/chat/components/message-actions';

/** The room's reported messages, most reported first; staff delete, mute or ban from here. */
export function ChatReports({ itemId }: { itemId: string }) {
  return (
    <QueryProvider>
      <Reports itemId={itemId} />
    </QueryProvider>
  );
}

function Reports({ itemId }: { itemId: string }) {
  const query = useQuery({
    queryKey: ['chat-reports', itemId],
    queryFn: () => getJson<{ reports: ChatReportView[] }>(`/api/chat/${itemId}/reports`),
  });
  const load = () => query.refetch();
  const reports = query.data?.reports ?? null;
  const act = async (action: 'delete' | 'mute' | 'ban', seq: number) => {
    if (await chatAction(itemId, action, { seq })) await load();
  };
  return (
    <section aria-label="通報されたメッセージ" className="rounded-lg border border-line p-4">
      <div className="mb-2 flex items-center">
        <h2 className="font-bold">通報されたメッセージ</h2>
        <button type="button" className="ml-auto text-sm underline" onClick={() => void load()}>
          更新
        </button>
      </div>
      {query.isError ? (
        <p role="alert" className="text-sm text-error">
          {query.error.message}
        </p>
      ) : reports === null ? (
        <p className="text-sm">読み込み中…</p>
      ) : reports.length === 0 ? (
        <p className="text-sm">通報はありません。</p>
      ) : (
        <ul className="divide-y divide-line text-sm" data-testid="chat-reports">
          {reports.map((report) => (
            <li key={report.seq} className="flex flex-wrap items-center gap-2 py-2">
              <span className="font-bold">{report.name}</span>
              <span className={report.deleted ? 'break-all line-through' : 'break-all'}>{report.body}</span>
              <span className="font-bold text-error">通報 {report.reports}件</span>
              <span className="ml-auto flex gap-2">
                {!report.deleted && (
                  <button type="button" className="underline" onClick={() => void act('delete', report.seq)}>
                    削除
                  </button>
                )}
                <button type="button" className="underline" onClick={() => void act('mute', report.seq)}>
                  ミュート
                </button>
                <button type="button" className="underline" onClick={() => void act('ban', report.seq)}>
                  退出
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
