export { payKonbiniInSandbox as POST } from '@/features/billing/app';
