export { postApplication as POST } from '@/features/presale/app';
