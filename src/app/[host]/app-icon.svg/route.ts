export { getAppIcon as GET } from '@/features/site/app';
