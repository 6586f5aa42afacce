import { paths } from '@/lib/paths';
import type { NoticeTemplate } from './types';

/** The site's birthday message, as the site configured it when the job wrote it (BIRTHDAY; `{name}` filled in). */
export interface BirthdayData {
  subject: string;
  message: string;
}

export const birthdayGreeting: NoticeTemplate<BirthdayData> = {
  topic: 'birthday',
  content: (data) => ({
    subject: data.subject,
    paragraphs: data.message.split(/\n+/).filter((line) => line.trim() !== ''),
    action: { label: '会員証を見る', path: paths.myPage() },
  }),
};
