import { getDb } from '@/server/db';
import { PageHeading } from '@/components/ui/page-heading';
import type { JobState, JobStatus } from '@/server/jobs';
import type { StaffActor } from '@/features/staff/server/actor';
import { formatTokyo } from '@/features/staff/audit/labels';
import { jobsForOwner } from '@/features/staff/jobs/server/jobs';

const STATE: Record<JobState, { label: string; className: string }> = {
  idle: { label: '停止中', className: 'bg-surface-sub' },
  running: { label: '実行中', className: 'bg-ink text-surface' },
  stuck: { label: '遅延', className: 'bg-error text-white' },
};

/** "30秒" / "10分" / "1時間30分". */
function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}秒`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return [hours && `${hours}時間`, minutes && `${minutes}分`, rest && `${rest}秒`].filter(Boolean).join('');
}

/** To the minute on the page; to the millisecond in `dateTime`, for whoever waits for a job's next run. */
const at = (date: Date | null) =>
  date ? <time dateTime={date.toISOString()}>{formatTokyo(date)}</time> : 'なし';

function Failure({ job }: { job: JobStatus }) {
  if (!job.failedAt) return <>なし</>;
  return (
    <>
      <span className="whitespace-nowrap">{formatTokyo(job.failedAt)}</span>
      {job.failures > 0 && <span className="font-bold text-error">（{job.failures}回連続）</span>}
      <span className="block break-all text-ink/75">{job.failure}</span>
    </>
  );
}

/** The owner's view of the platform's background jobs: schedule, last run, last success, last failure and state. */
export async function JobsPage({ actor }: { actor: StaffActor }) {
  const jobs = await jobsForOwner(await getDb(), actor);
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>定期処理</PageHeading>
      <p className="text-sm">
        決済の照合やメール配信など、サーバーが決まった間隔で行う処理です。サーバーが複数あっても、各処理は一度に一台だけが行います。
        「遅延」は制限時間を過ぎても終わっていない処理です。
      </p>
      {jobs.length === 0 ? (
        <p className="rounded-lg border border-line p-6 text-sm">
          まだ記録がありません（サーバーの起動後に表示されます）。
        </p>
      ) : (
        // A phone scrolls the table sideways; with nothing focusable in it, the region itself takes the keyboard.
        <div role="region" aria-label="定期処理の一覧" tabIndex={0} className="relative overflow-x-auto">
          <table className="w-full min-w-[48rem] border-collapse text-sm" data-testid="jobs">
            <thead>
              <tr className="border-b border-line text-left whitespace-nowrap">
                {['処理', '間隔', '状態', '最終実行', '最終成功', '最終失敗'].map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.name} className="border-b border-line align-top" data-job={job.name}>
                  <th scope="row" className="px-3 py-2 text-left font-bold">
                    {job.label}
                  </th>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {duration(job.everyMs)}ごと
                    <span className="block text-ink/75">制限時間 {duration(job.timeoutMs)}</span>
                  </td>
                  <td className="px-3 py-2" data-field="state">
                    <span
                      className={`inline-block rounded-full px-3 py-0.5 font-bold whitespace-nowrap ${STATE[job.state].className}`}
                    >
                      {STATE[job.state].label}
                    </span>
                    {job.overdue && <span className="block text-ink/75">予定の時刻を過ぎています</span>}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap" data-field="started">
                    {at(job.startedAt)}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap" data-field="succeeded">
                    {at(job.succeededAt)}
                  </td>
                  <td className="px-3 py-2" data-field="failed">
                    <Failure job={job} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
