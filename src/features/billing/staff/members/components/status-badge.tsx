import { STAFF_STATUS_LABELS, type StaffMemberStatus } from '@/features/billing/staff/members/status';

const TONES: Record<StaffMemberStatus, string> = {
  premium: 'bg-primary font-bold',
  complimentary: 'bg-primary font-bold',
  leaving: 'border border-line bg-surface-sub',
  expired: 'border border-line',
  guest: 'border border-line',
};

export function StatusBadge({ status }: { status: StaffMemberStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs text-ink ${TONES[status]}`}
      data-status={status}
    >
      {STAFF_STATUS_LABELS[status]}
    </span>
  );
}
