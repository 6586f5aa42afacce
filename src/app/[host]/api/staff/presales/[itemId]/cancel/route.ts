export { postCancel as POST } from '@/features/presale/app';
