import { legalRoute } from '@/features/site/app';

const route = legalRoute('psa');
export const generateMetadata = route.generateMetadata;
export default route.Page;
