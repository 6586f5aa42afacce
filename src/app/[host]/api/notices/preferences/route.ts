export { savePreferencesApi as POST } from '@/features/notices/server/api';
