import { legalRoute } from '@/features/site/app';

const route = legalRoute('asct');
export const generateMetadata = route.generateMetadata;
export default route.Page;
