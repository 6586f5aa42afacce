export { postContact as POST } from '@/features/support/app';
