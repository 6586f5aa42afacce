import { agreeToTerms, readCurrentVersions } from '@/features/consent/server/consent-api';

export const GET = readCurrentVersions;
export const POST = agreeToTerms;
