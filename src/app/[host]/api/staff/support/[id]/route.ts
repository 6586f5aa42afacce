export { postStaffReply as POST } from '@/features/support/app';
