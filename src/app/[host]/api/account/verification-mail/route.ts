import { askForVerificationMail } from '@/features/membership/app';

export const POST = askForVerificationMail;
