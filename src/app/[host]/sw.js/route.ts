import { getServiceWorker } from '@/features/tickets/app';

export const GET = () => getServiceWorker();
