import { legalRoute } from '@/features/site/app';

const route = legalRoute('terms');
export const generateMetadata = route.generateMetadata;
export default route.Page;
