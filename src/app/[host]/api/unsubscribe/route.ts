export { unsubscribeApi as POST } from '@/features/notices/app';
