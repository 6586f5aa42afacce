import { legalRoute } from '@/features/site/components/legal-route';

const route = legalRoute('asct');
export const generateMetadata = route.generateMetadata;
export default route.Page;
