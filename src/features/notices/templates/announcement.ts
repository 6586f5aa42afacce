import { paths } from '@/lib/paths';
import type { NoticeTemplate } from './types';

export interface AnnouncementData {
  subject: string;
  body: string;
}

/** Staff's words, plain text: paragraphs are split on blank lines and rendered escaped (React escapes text). */
export const announcement: NoticeTemplate<AnnouncementData> = {
  topic: 'announcements',
  content: (data) => ({
    subject: data.subject,
    paragraphs: data.body
      .split(/\n{2,}/)
      .map((part) => part.trim())
      .filter(Boolean),
    action: { label: 'サイトを開く', path: paths.home() },
  }),
};
