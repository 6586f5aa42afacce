export { getDrawRecord as GET } from '@/features/presale/app';
