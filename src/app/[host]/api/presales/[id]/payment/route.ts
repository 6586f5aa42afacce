export { postPayment as POST } from '@/features/presale/app';
