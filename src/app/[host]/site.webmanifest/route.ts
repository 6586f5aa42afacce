export { getWebManifest as GET } from '@/features/site/app';
