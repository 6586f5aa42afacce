export { postSecondChanceRound as POST } from '@/features/presale/app';
