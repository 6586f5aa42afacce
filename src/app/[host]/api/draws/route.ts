export { getDraws as GET } from '@/features/presale/app';
