import { formatDateJa } from '@/lib/dates';
import { paths } from '@/lib/paths';
import type { NoticeTemplate } from './types';
import { formatYenAmount } from '@/lib/yen';

export interface RenewalData {
  planName: string;
  renewsOn: string;
  amountYen: number;
}

export const renewalReminder: NoticeTemplate<RenewalData> = {
  topic: 'reminders',
  content: (data) => ({
    subject: `${formatDateJa(data.renewsOn)}に会員期間が更新されます`,
    paragraphs: [
      `${data.planName}は${formatDateJa(data.renewsOn)}に自動で更新され、ご登録のカードで${formatYenAmount(data.amountYen)}をお支払いいただきます。`,
      'カードの変更や退会はマイページから行えます。',
    ],
    action: { label: 'マイページを開く', path: paths.myPage() },
  }),
};

export interface LeaveData {
  planName: string;
  endsOn: string | null;
}

export const leaveConfirmed: NoticeTemplate<LeaveData> = {
  topic: null,
  content: (data) => ({
    subject: '退会のお手続きを承りました',
    paragraphs: [
      `${data.planName}の退会のお手続きを承りました。`,
      data.endsOn
        ? `${formatDateJa(data.endsOn)}まではこれまでどおり会員としてご利用いただけます。それ以降の会費はかかりません。`
        : '以降の会費はかかりません。',
      '会員期間中はマイページから退会を取り消せます。',
    ],
    action: { label: 'マイページを開く', path: paths.myPage() },
  }),
};

export const leaveUndone: NoticeTemplate<LeaveData> = {
  topic: null,
  content: (data) => ({
    subject: '退会の取り消しを承りました',
    paragraphs: [
      `${data.planName}の退会を取り消しました。引き続き会員としてご利用いただけます。`,
      ...(data.endsOn ? [`次回更新日: ${formatDateJa(data.endsOn)}`] : []),
    ],
    action: { label: 'マイページを開く', path: paths.myPage() },
  }),
};
