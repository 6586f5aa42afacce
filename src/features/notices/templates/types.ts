/**
 * A kind of notice: what it says, in the inbox and in the mail alike. Adding a kind is one file here, one line in
 * index.ts and one `notify(tx, …)` where its cause is written (docs/decisions/0028).
 */
export interface NoticeContent {
  subject: string;
  /** Plain text paragraphs; rendered escaped, never as HTML. */
  paragraphs: string[];
  /** A button to a page of the site (a path), e.g. My page. */
  action?: { label: string; path: string };
}

/** Optional mails a member may turn off; `null`: about money or tickets, always sent. */
export type NoticeTopic = 'announcements' | 'reminders' | 'birthday';

export interface NoticeTemplate<D = Record<string, unknown>> {
  topic: NoticeTopic | null;
  content(data: D, site: { name: string }): NoticeContent;
}
