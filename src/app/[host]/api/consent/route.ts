import { agreeToTerms, readCurrentVersions } from '@/features/consent/app';

export const GET = readCurrentVersions;
export const POST = agreeToTerms;
