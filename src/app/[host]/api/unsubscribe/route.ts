export { unsubscribeApi as POST } from '@/features/notices/server/api';
