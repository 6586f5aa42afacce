import { formatDateJa } from '@/lib/dates';
import { paths } from '@/lib/paths';
import type { NoticeTemplate } from './types';

export interface WelcomeData {
  memberNumber: number;
  planName: string;
  nextRenewal: string | null;
}

export const welcome: NoticeTemplate<WelcomeData> = {
  topic: null,
  content: (data, site) => ({
    subject: 'ご入会ありがとうございます',
    paragraphs: [
      `${site.name}へのご入会ありがとうございます。`,
      // Zero-padded as the member card shows it (formatMemberNumber).
      `会員番号: ${String(data.memberNumber).padStart(6, '0')}`,
      `プラン: ${data.planName}`,
      ...(data.nextRenewal ? [`次回更新日: ${formatDateJa(data.nextRenewal)}`] : []),
      '会員証はマイページからいつでもご覧いただけます。',
    ],
    action: { label: 'マイページを開く', path: paths.myPage() },
  }),
};
