import { formatInJapan } from '@/lib/dates';
import type { SupportMessageView } from '@/features/support/types';

/** A thread's messages, oldest first; each side's are named from the reader's side. */
export function ThreadMessages({
  messages,
  reader,
}: {
  messages: SupportMessageView[];
  reader: 'member' | 'staff';
}) {
  const name = (author: SupportMessageView['author']) =>
    author === 'staff'
      ? reader === 'staff'
        ? 'スタッフの回答'
        : '運営事務局'
      : reader === 'staff'
        ? '会員'
        : 'あなた';
  return (
    <ol className="flex flex-col gap-3" data-testid="support-messages">
      {messages.map((message) => (
        <li
          key={message.id}
          data-author={message.author}
          className={`rounded-lg border p-4 text-sm ${
            message.author === 'staff' ? 'border-primary bg-surface-sub' : 'border-line bg-surface'
          }`}
        >
          <p className="mb-2 flex flex-wrap justify-between gap-2 text-xs text-ink/75">
            <span className="font-bold">{name(message.author)}</span>
            <time dateTime={message.createdAt}>{formatInJapan(message.createdAt, 'yyyy/MM/dd HH:mm')}</time>
          </p>
          <p className="leading-relaxed break-words whitespace-pre-wrap">{message.body}</p>
        </li>
      ))}
    </ol>
  );
}
