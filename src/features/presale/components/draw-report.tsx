import { transparencyReport, type DrawRecord } from '@/features/presale/draw';

const percent = (part: number, whole: number) => (whole ? `（${Math.round((part / whole) * 100)}%）` : '');

/**
 * The transparency report of a published draw (report.ts), from the record alone: how many asked for what, how many
 * seats each seat type had and how many it gave, how far each rank got, and what was voided and why. Offerings are
 * named as in the record (in its order, with the start of their id), so that anyone can match them to the JSON.
 */
export function DrawReport({
  record,
  offeringNames = {},
}: {
  record: DrawRecord;
  offeringNames?: Record<string, string>;
}) {
  const report = transparencyReport(record);
  return (
    <section aria-labelledby="report" className="space-y-3">
      <h2 id="report" className="font-bold">
        抽選レポート
      </h2>
      <p className="text-sm">
        応募 {report.entries}件・{report.ticketsRequested}枚
      </p>
      <table className="w-full text-left text-sm">
        <caption className="text-left font-bold">席種ごと（枚数）</caption>
        <thead>
          <tr>
            <th scope="col">席種</th>
            <th scope="col">座席数</th>
            <th scope="col">第1希望</th>
            <th scope="col">いずれかの希望</th>
            <th scope="col">当選</th>
          </tr>
        </thead>
        <tbody>
          {report.offerings.map((offering, index) => (
            <tr key={offering.offering} data-offering={offering.offering}>
              <td>
                {offeringNames[offering.offering] ?? `#${index + 1}`}{' '}
                <span className="font-mono text-xs">{offering.offering.slice(0, 8)}</span>
              </td>
              <td>{offering.capacity}</td>
              <td>
                {offering.firstChoiceTickets}
                {offering.capacity > 0 &&
                  `（${(offering.firstChoiceTickets / offering.capacity).toFixed(1)}倍）`}
              </td>
              <td>{offering.anyChoiceTickets}</td>
              <td>{offering.wonTickets}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="w-full text-left text-sm">
        <caption className="text-left font-bold">希望順位ごと（件数）</caption>
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
                {rank.won}件{percent(rank.won, rank.tried)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.voided.map((v) => (
        <p key={v.reason} className="text-sm">
          無効 {v.count}件：{v.reason}
        </p>
      ))}
    </section>
  );
}
