export { putTicketSettings as PUT } from '@/features/tickets/app';
