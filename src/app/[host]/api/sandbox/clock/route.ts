export { advanceSandboxClock as POST } from '@/features/billing/app';
