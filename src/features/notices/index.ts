// The notices feature's entry for other features: write a notice in your transaction with `notify(tx, …)`.
export { notify, type NoticeInput } from './server/notify';
export { noticeSubscriptionChange, subscriptionBefore } from './server/subscription-notices';
export type { NoticeKind } from './templates';
