export { getOfflineCodes as GET } from '@/features/tickets/app';
