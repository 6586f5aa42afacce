export { putResaleSettings as PUT, postResaleMatch as POST } from '@/features/resale/app';
