export { postExtend as POST } from '@/features/presale/server/api';
