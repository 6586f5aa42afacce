export { postReleasedSeats as POST } from '@/features/presale/app';
