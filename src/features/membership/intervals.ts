/** How a plan's billing interval is named, wherever a plan is shown (sign-up, billing, the staff's plans). */
export const INTERVAL_LABELS = { month: '月額', year: '年額' } as const;
export const PER_INTERVAL = { month: '毎月', year: '毎年' } as const;
