export { getRoundRecord as GET } from '@/features/presale/app';
