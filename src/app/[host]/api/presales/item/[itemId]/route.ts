export { getPresaleView as GET } from '@/features/presale/app';
