export { retryDeliveryApi as POST } from '@/features/notices/app';
