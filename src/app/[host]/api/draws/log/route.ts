export { getDrawLog as GET } from '@/features/presale/app';
