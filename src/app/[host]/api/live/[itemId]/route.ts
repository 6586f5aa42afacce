import { getLiveSource } from '@/features/live/app';

export const GET = getLiveSource;
