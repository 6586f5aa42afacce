import { postStaffLiveKey } from '@/features/live/app';

export const POST = postStaffLiveKey;
