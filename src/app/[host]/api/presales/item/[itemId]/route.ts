export { getPresaleView as GET } from '@/features/presale/server/api';
