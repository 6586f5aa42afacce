export { getPaidCsv as GET } from '@/features/presale/app';
