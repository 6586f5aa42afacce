import { askForVerificationMail } from '@/features/auth/server/verification-mail-api';

export const POST = askForVerificationMail;
