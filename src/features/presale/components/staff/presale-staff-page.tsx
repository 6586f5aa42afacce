import { getDb } from '@/server/db';
import { PageHeading } from '@/components/ui/page-heading';
import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import type { StaffActor } from '@/features/staff/server';
import { PRESALE_STATE_LABELS } from '@/features/presale/state';
import { APPLICATION_LABELS, formatJst } from '@/features/presale/components/labels';
import { jstInput, staffPresaleDetail } from '@/features/presale/server/staff-view';
import { BeaconWarning } from './beacon-warning';
import { SecondChanceSection } from './second-chance-section';
import { PresaleSetupForm } from './presale-setup-form';
import { PresaleTimesForm } from './presale-times-form';
import { parseJstLocal } from '@/lib/dates';
import { formatYenAmount } from '@/lib/yen';

/** One TICKET item's presale for staff: its state and public commitment, the applications, the rules and the form. */
export async function PresaleStaffPage({ actor, itemId }: { actor: StaffActor; itemId: string }) {
  const now = new Date();
  const detail = await staffPresaleDetail(await getDb(), actor.siteId, itemId, now);
  const presale = detail.presale;
  return (
    <div className="flex flex-col gap-8">
      <PageHeading>先行受付の設定</PageHeading>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <span className="font-bold">{detail.title}</span>
        <Link href={paths.item('ticket', itemId)} className="text-sm underline underline-offset-4">
          記事を表示
        </Link>
        <Link href={paths.staff.presales()} className="text-sm underline underline-offset-4">
          先行受付の一覧へ
        </Link>
      </p>
      <BeaconWarning fixed={presale?.beaconSource ?? null} />
      {presale && (
        <section
          aria-labelledby="presale-state-heading"
          className="flex flex-col gap-3"
          data-testid="presale-state"
        >
          <h2 id="presale-state-heading" className="text-lg font-bold">
            状態：{PRESALE_STATE_LABELS[presale.state]}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-bold">シードのコミットメント</dt>
            <dd className="font-mono break-all">{presale.commitment}</dd>
            <dt className="font-bold">乱数ビーコン</dt>
            <dd>
              {presale.beaconSource === 'drand'
                ? `drand ラウンド ${presale.beaconRound}（受付終了から決まり、抽選ログに記録済み）`
                : presale.beaconSource === 'local'
                  ? 'デモ用のローカルビーコン'
                  : '運営者の乱数（公開ビーコンなし）'}
            </dd>
            {presale.entryListHash && (
              <>
                <dt className="font-bold">確定した応募リスト</dt>
                <dd className="font-mono break-all">{presale.entryListHash}</dd>
              </>
            )}
            <dt className="font-bold">申込</dt>
            <dd>
              {Object.keys(presale.applicationsByStatus).length === 0
                ? 'まだありません'
                : Object.entries(presale.applicationsByStatus)
                    .map(
                      ([status, n]) =>
                        `${APPLICATION_LABELS[status] ?? status} ${n.toLocaleString('ja-JP')}件`,
                    )
                    .join('、')}
            </dd>
          </dl>
          {presale.state === 'drawn' && (
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <Link href={paths.staff.presalePaid(itemId)} className="underline underline-offset-4">
                支払済みの一覧・CSV・公演中止
              </Link>
              <Link href={paths.staff.presaleResale(itemId)} className="underline underline-offset-4">
                公式リセール
              </Link>
              <Link href={`/presales/${presale.id}/verify`} className="underline underline-offset-4">
                抽選記録と検証ページ
              </Link>
            </p>
          )}
        </section>
      )}
      {presale?.state === 'drawn' && (
        <SecondChanceSection siteId={actor.siteId} itemId={itemId} presaleId={presale.id} />
      )}
      {presale && (
        <PresaleTimesForm
          action={`/api/staff/presales/${itemId}/tickets`}
          method="PUT"
          heading="電子チケット"
          note="当選して支払いを終えた方に、発券日に電子チケットを発行します。座席は座席表示日からチケットに表示されます（発券前なら変更できます）。"
          fields={[
            { name: 'issueAt', label: '発券日' },
            { name: 'seatsRevealAt', label: '座席表示日' },
          ]}
          values={{
            issueAt: presale.ticketsIssueAt ? jstInput(presale.ticketsIssueAt) : '',
            seatsRevealAt: presale.seatsRevealAt ? jstInput(presale.seatsRevealAt) : '',
          }}
          submit="保存する"
          done="電子チケットの日時を保存しました"
        />
      )}
      {!presale || presale.editable ? (
        <section aria-labelledby="setup-heading" className="flex flex-col gap-4">
          <h2 id="setup-heading" className="text-lg font-bold">
            {presale ? '条件（受付開始まで変更できます）' : '新しい先行受付'}
          </h2>
          <PresaleSetupForm itemId={itemId} values={detail.values} exists={presale !== null} />
        </section>
      ) : (
        <>
          {presale.state === 'open' && (
            <PresaleTimesForm
              action={`/api/staff/presales/${itemId}/extend`}
              method="POST"
              heading="受付期間の延長"
              note="受付開始後に変更できるのは、受付終了と当落発表を後ろにずらすことだけです（操作履歴に残ります）。"
              fields={[
                { name: 'closesAt', label: '新しい受付終了' },
                { name: 'resultsAt', label: '新しい当落発表' },
              ]}
              values={{ closesAt: jstInput(presale.closesAt), resultsAt: jstInput(presale.resultsAt) }}
              submit="延長する"
              done="受付期間を延長しました"
            />
          )}
          <section aria-labelledby="rules-summary-heading" className="flex flex-col gap-3 text-sm">
            <h2 id="rules-summary-heading" className="text-lg font-bold">
              条件（受付開始後は変更できません）
            </h2>
            <ul className="flex flex-col gap-1">
              <li>
                受付期間：{formatJst(parseJstLocal(detail.values.opensAt))} 〜{' '}
                {formatJst(parseJstLocal(detail.values.closesAt))}
              </li>
              <li>当落発表：{formatJst(parseJstLocal(detail.values.resultsAt))}</li>
              <li>
                1申込の上限：{detail.values.ticketsPerApplication}枚、希望数：{detail.values.choiceCount}
              </li>
              <li>同行者：{detail.values.companionRule === 'member' ? '会員のみ（承認制）' : 'なし'}</li>
              <li>コンビニ払いの期限：当落発表から{detail.values.konbiniDeadlineDays}日</li>
              <li>
                車椅子席などのご要望：{detail.values.accessibilityRequests ? '受け付ける' : '受け付けない'}
              </li>
            </ul>
            <ul className="flex flex-col gap-2">
              {detail.values.performances.map((performance, index) => (
                <li key={index} className="rounded-md border border-line p-3">
                  <p className="font-bold">
                    {formatJst(parseJstLocal(performance.startsAt))} {performance.venue}
                  </p>
                  <p>
                    {performance.offerings
                      .map(
                        (o) =>
                          `${o.seatType} ${formatYenAmount(o.priceYen)}（${o.capacity.toLocaleString('ja-JP')}席）`,
                      )
                      .join('、')}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
