export { announceApi as POST } from '@/features/notices/app';
