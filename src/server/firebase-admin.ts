import 'server-only';
import { applicationDefault, cert, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type TenantAwareAuth } from 'firebase-admin/auth';
import { env } from '@/server/env';

const APP_NAME = 'fanclub';

/** True when accounts live in the Firebase Auth emulator (the embedded default and the tests). */
const usesAuthEmulator = env.FIREBASE_AUTH_EMULATOR_HOST !== undefined;

function adminApp(): App {
  const existing = getApps().find((app) => app.name === APP_NAME);
  if (existing) return existing;
  // firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST itself; against the emulator it needs no credential.
  const credential = usesAuthEmulator
    ? undefined
    : env.FIREBASE_SERVICE_ACCOUNT
      ? cert(JSON.parse(env.FIREBASE_SERVICE_ACCOUNT) as object)
      : applicationDefault();
  return initializeApp(
    { projectId: env.FIREBASE_PROJECT_ID, ...(credential ? { credential } : {}) },
    APP_NAME,
  );
}

/** The admin API of one site's tenant: every call is scoped to it, so one site can never touch another's users. */
export function tenantAuth(tenantId: string): TenantAwareAuth {
  return getAuth(adminApp()).tenantManager().authForTenant(tenantId);
}
