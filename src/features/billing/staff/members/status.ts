/**
 * What the staff console shows as a member's status: finer than the site's guest/premium (memberStatus), and
 * consistent with it: the first three are premium, the last two guest.
 */
export const STAFF_MEMBER_STATUSES = ['premium', 'complimentary', 'leaving', 'expired', 'guest'] as const;
export type StaffMemberStatus = (typeof STAFF_MEMBER_STATUSES)[number];

export const STAFF_STATUS_LABELS: Record<StaffMemberStatus, string> = {
  premium: 'プレミアム',
  complimentary: 'プレミアム（無償付与）',
  leaving: '退会予定',
  expired: '期限切れ',
  guest: 'ゲスト',
};

export const isPremiumStatus = (status: StaffMemberStatus) =>
  status === 'premium' || status === 'complimentary' || status === 'leaving';
