import 'server-only';
import { render } from '@react-email/render';
import { noticeContent, noticeTopic } from '@/features/notices/templates';
import { NoticeMail, type MailLook } from './mail-layout';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** Stands for the member's own unsubscribe address in a rendering shared by every recipient of one notice. */
const UNSUBSCRIBE_SLOT = 'https://unsubscribe.invalid/slot';

/**
 * Renderings by (site, kind, data): an announcement to 10,000 members is rendered once, not 10,000 times (React
 * Email takes milliseconds per mail, which alone would spend the 2 minutes), and each copy gets its own link.
 */
const cache = new Map<string, Promise<RenderedMail>>();
const CACHE_SIZE = 200;

function renderShared(look: MailLook, kind: string, data: unknown): Promise<RenderedMail> {
  const key = JSON.stringify([look, kind, data]);
  let rendered = cache.get(key);
  if (!rendered) {
    const content = noticeContent(kind, data, { name: look.siteName });
    const slot = noticeTopic(kind) ? UNSUBSCRIBE_SLOT : null;
    rendered = render(<NoticeMail look={look} content={content} unsubscribeUrl={slot} />).then((html) => ({
      // The inbox shows the subject alone; a mailbox needs to know whose mail it is.
      subject: `【${look.siteName}】${content.subject}`,
      html,
      text: plainText(look, content, slot),
    }));
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(key, rendered);
    rendered.catch(() => cache.delete(key));
  }
  return rendered;
}

function plainText(look: MailLook, content: ReturnType<typeof noticeContent>, slot: string | null): string {
  const lines = [look.siteName, '', content.subject, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.action)
    lines.push(`${content.action.label}: ${new URL(content.action.path, look.siteUrl)}`, '');
  lines.push('----', `このメールは${look.siteName}から会員の皆さまにお送りしています。`);
  if (slot) lines.push(`今後このお知らせをメールで受け取らない: ${slot}`);
  lines.push(look.copyright);
  return lines.join('\n');
}

/** One member's mail of a notice: HTML (React Email) and text, with their own unsubscribe address when optional. */
export async function renderNoticeMail(
  look: MailLook,
  notice: { kind: string; data: unknown },
  unsubscribeUrl: string | null,
): Promise<RenderedMail> {
  const shared = await renderShared(look, notice.kind, notice.data);
  if (!unsubscribeUrl) return shared;
  // The slot is a URL React wrote into an attribute and a text: the replacement is escaped the same way.
  const escaped = unsubscribeUrl.replaceAll('&', '&amp;');
  return {
    subject: shared.subject,
    html: shared.html.replaceAll(UNSUBSCRIBE_SLOT, escaped),
    text: shared.text.replaceAll(UNSUBSCRIBE_SLOT, unsubscribeUrl),
  };
}
