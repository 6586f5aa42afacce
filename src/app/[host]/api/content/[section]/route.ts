import { getSectionPage } from '@/features/content/server/content-api';

export const GET = getSectionPage;
