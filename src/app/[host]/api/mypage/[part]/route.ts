export { saveMemberDetails as POST } from '@/features/membership/server/details-api';
