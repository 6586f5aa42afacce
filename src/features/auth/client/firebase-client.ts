import { getApps, initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  getAuth,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import type { AuthClientConfig } from '@/features/auth/config';

/**
 * The browser's Firebase Auth for one site: its tenant, Japanese for the provider's own messages and e-mails, and
 * the session kept in IndexedDB, else local storage, else session storage (spec 7). Loaded on demand, so the SDK
 * never holds back a page's first paint.
 */
export function createSiteAuth(config: AuthClientConfig): Auth {
  const name = `fc-${config.tenantId}`;
  const existing = getApps().find((app) => app.name === name);
  const app =
    existing ??
    initializeApp(
      { apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId },
      name,
    );
  const auth = existing
    ? getAuth(app)
    : initializeAuth(app, {
        persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
      });
  auth.tenantId = config.tenantId;
  auth.languageCode = 'ja';
  if (config.emulatorUrl && !existing)
    connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  return auth;
}
