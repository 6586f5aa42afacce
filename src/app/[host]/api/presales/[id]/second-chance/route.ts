export { postSecondChance as POST } from '@/features/presale/app';
