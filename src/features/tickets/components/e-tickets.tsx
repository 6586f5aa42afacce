import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import type { ETicketView } from '@/features/tickets/types';
import { ETicketActions } from './e-ticket-actions';
import { LivingCode } from './living-code';
import { jstDate, jstMonthDay, jstTime } from './dates';

const STATE_LABELS: Record<ETicketView['state'], string> = {
  valid: '有効',
  used: '入場済み',
  cancelled: 'キャンセル',
  past: '公演終了',
};

/** My page's 電子チケット: each ticket with its living code, seat, holder and the notices the resale law asks for. */
export function ETickets({
  tickets,
  contact = false,
}: {
  tickets: ETicketView[];
  /** The site's in-club contact form is on: each ticket offers 「お問い合わせ」 about it (decision 0053). */
  contact?: boolean;
}) {
  if (tickets.length === 0) return null;
  return (
    <section id="e-tickets" aria-labelledby="e-tickets-heading" className="flex flex-col gap-4">
      <h2 id="e-tickets-heading" className="text-lg font-bold">
        電子チケット
      </h2>
      <ul className="flex flex-col gap-6">
        {tickets.map((ticket) => (
          <li key={ticket.id}>
            <ETicketCard ticket={ticket} contact={contact} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ETicketCard({ ticket, contact }: { ticket: ETicketView; contact: boolean }) {
  const showCode = ticket.relation !== 'incoming' && ticket.state === 'valid';
  return (
    <article
      className="overflow-hidden rounded-2xl border-2 border-primary"
      data-testid="e-ticket"
      data-ticket-state={ticket.state}
      aria-label={`${ticket.title} の電子チケット`}
    >
      <div className="flex flex-col gap-4 p-5 md:flex-row md:items-start md:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-xs font-bold tracking-widest">E-TICKET・{STATE_LABELS[ticket.state]}</p>
          <h3 className="text-lg font-bold break-words">{ticket.title}</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-bold">公演日</dt>
            <dd>{jstDate(ticket.startsAt)}</dd>
            <dt className="font-bold">時間</dt>
            <dd>
              {ticket.doorsAt ? `開場 ${jstTime(ticket.doorsAt)}／` : ''}開演 {jstTime(ticket.startsAt)}
              （日本時間）
            </dd>
            <dt className="font-bold">会場</dt>
            <dd className="break-words">{ticket.venue}</dd>
            <dt className="font-bold">座席</dt>
            <dd data-testid="e-ticket-seat" className="font-bold">
              {ticket.seat ??
                `${ticket.seatType}・座席は${ticket.seatRevealAt ? jstMonthDay(ticket.seatRevealAt) : '公演日まで'}に表示されます`}
            </dd>
            <dt className="font-bold">名義</dt>
            <dd data-testid="e-ticket-holder">
              {ticket.holderName}（会員番号 {ticket.holderNumber}）
            </dd>
          </dl>
          {ticket.relation === 'offered' && (
            <p className="text-sm font-bold">{ticket.offeredToName}さんに分配中（受け取り待ち）</p>
          )}
          {ticket.relation === 'incoming' && (
            <p className="text-sm font-bold">
              同行者としてこのチケットが分配されました。受け取ると、あなたのマイページに表示されます。
            </p>
          )}
          {ticket.checkedInAt && (
            <p className="text-sm font-bold">入場済み（{jstTime(ticket.checkedInAt)}）</p>
          )}
          <ETicketActions ticket={ticket} />
          {contact && (
            <Link
              href={paths.contact({ ticket: ticket.id, from: paths.myPage() })}
              className="self-start text-sm underline underline-offset-4"
            >
              このチケットについてお問い合わせ
            </Link>
          )}
        </div>
        {showCode && (
          <div className="self-center md:self-start">
            <LivingCode subject={ticket.id} label={ticket.title} />
          </div>
        )}
      </div>
      <div className="border-t border-line bg-surface-sub px-5 py-3 text-xs leading-relaxed">
        <p className="font-bold">ご注意（チケット不正転売禁止法）</p>
        <p>
          このチケットは特定興行入場券です。興行主の同意のない有償譲渡（転売）は法律で禁止されています。入場時に名義のご本人であることを確認します（身分証をお持ちください）。
          画面の撮影・コピーでは入場できません。
        </p>
      </div>
    </article>
  );
}
