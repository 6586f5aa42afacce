import { askForVerificationMail } from '@/features/auth/app';

export const POST = askForVerificationMail;
