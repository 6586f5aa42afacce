export { getPresaleFairness as GET } from '@/features/presale/app';
