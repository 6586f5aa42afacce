export { postApplication as POST } from '@/features/presale/server/api';
