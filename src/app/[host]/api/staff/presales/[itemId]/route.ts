export { putPresale as PUT } from '@/features/presale/app';
