import { legalRoute } from '@/features/site/components/legal-route';

const route = legalRoute('psa');
export const generateMetadata = route.generateMetadata;
export default route.Page;
