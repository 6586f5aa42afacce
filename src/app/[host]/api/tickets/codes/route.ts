export { getCodes as GET } from '@/features/tickets/app';
