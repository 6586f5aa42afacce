export { advanceSandboxClock as POST } from '@/features/billing/server/billing-api';
