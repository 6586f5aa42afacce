export { saveMemberDetails as POST } from '@/features/signup/app';
