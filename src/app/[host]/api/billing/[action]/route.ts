export { billingAction as POST } from '@/features/billing/app';
