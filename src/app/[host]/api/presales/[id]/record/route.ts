export { getDrawRecord as GET } from '@/features/presale/server/api';
