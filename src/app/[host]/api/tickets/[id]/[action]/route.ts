export { postTicketAction as POST } from '@/features/tickets/app';
