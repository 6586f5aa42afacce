export { saveMemberDetails as POST } from '@/features/membership/app';
