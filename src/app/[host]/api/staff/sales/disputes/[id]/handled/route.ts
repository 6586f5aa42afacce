export { handleDisputeApi as POST } from '@/features/billing/app';
