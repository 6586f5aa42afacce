export { announceApi as POST } from '@/features/notices/server/api';
