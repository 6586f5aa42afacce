export { postExtend as POST } from '@/features/presale/app';
