import { getSectionPage } from '@/features/content/app';

export const GET = getSectionPage;
