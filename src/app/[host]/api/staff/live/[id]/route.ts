import { postStaffLive } from '@/features/live/app';

export const POST = postStaffLive;
