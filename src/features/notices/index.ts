// The notices feature's entry for types and pure code; `notify(tx, …)` comes from '@/features/notices/server'.
export type { NoticeInput } from './server/notify';
export type { NoticeKind } from './templates';
