export { putPresale as PUT } from '@/features/presale/server/api';
