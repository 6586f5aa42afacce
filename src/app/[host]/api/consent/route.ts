import { agreeToTerms } from '@/features/consent/server/consent-api';

export const POST = agreeToTerms;
