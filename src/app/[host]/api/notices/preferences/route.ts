export { savePreferencesApi as POST } from '@/features/notices/app';
