import { legalRoute } from '@/features/site/app';

const route = legalRoute('privacy');
export const generateMetadata = route.generateMetadata;
export default route.Page;
