export { postMemberReply as POST } from '@/features/support/app';
