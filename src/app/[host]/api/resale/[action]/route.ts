export { postResaleAction as POST } from '@/features/resale/app';
