export { payKonbiniInSandbox as POST } from '@/features/billing/server/billing-api';
