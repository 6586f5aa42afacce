export { getDoorRoster as GET, postDoorScans as POST } from '@/features/tickets/app';
