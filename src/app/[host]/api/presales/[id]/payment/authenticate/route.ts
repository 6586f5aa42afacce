export { postAuthenticate as POST } from '@/features/presale/app';
