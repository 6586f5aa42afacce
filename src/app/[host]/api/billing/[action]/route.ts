export { billingAction as POST } from '@/features/billing/server/billing-api';
