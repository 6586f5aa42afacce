export { getResaleCsv as GET } from '@/features/resale/app';
