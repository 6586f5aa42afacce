export { retryDeliveryApi as POST } from '@/features/notices/server/api';
