import 'server-only';
import { env } from '@/server/env';
import type { Site } from '@/features/site';
import type { AuthClientConfig } from '@/features/auth/config';

const API_KEYS = {
  'fc-site': env.FIREBASE_API_KEY_FC_SITE,
  'fc-site-001': env.FIREBASE_API_KEY_FC_SITE_001,
  'fc-site-002': env.FIREBASE_API_KEY_FC_SITE_002,
} as const;

/**
 * Spec 7: the public API key of the site's server cell, the auth domain {server_cell}.{host}, the site's tenant.
 * Against the emulator any key works; against the real provider a missing key is a configuration error.
 */
export function authClientConfig(site: Site, host: string): AuthClientConfig {
  const cell = site.config.FC_SERVER_CELL;
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST;
  const apiKey = API_KEYS[cell] ?? (emulatorHost ? `demo-key-${cell}` : undefined);
  if (!apiKey) {
    throw new Error(`FIREBASE_API_KEY_${cell.replace(/-/g, '_').toUpperCase()} is not set`);
  }
  return {
    apiKey,
    authDomain: `${cell}.${host}`,
    projectId: env.FIREBASE_PROJECT_ID,
    tenantId: site.config.TENANT_ID,
    emulatorUrl: emulatorHost ? `http://${emulatorHost}` : null,
  };
}
