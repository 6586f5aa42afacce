import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { z } from 'zod';

/**
 * Prepares the Auth emulator for the demo: each site's tenant under the id its configuration names (the emulator
 * accepts a chosen id; on the real provider, tenants are created in Identity Platform and their ids put in the
 * configuration), with e-mail and password sign-in, and the demo accounts of demo/users.json. Idempotent.
 */
const demoUserSchema = z.object({
  role: z.enum([
    'premium',
    'guest',
    'expired',
    'authenticating',
    'resale',
    'lost',
    'owner',
    'editor',
    'support',
    'door',
  ]),
  /** A fixed uid, for an account a browser test signs in with a custom token; otherwise the provider's own. */
  uid: z.string().min(1).optional(),
  email: z.email(),
  password: z.string().min(6),
  displayName: z.string().min(1),
});
const demoUsersSchema = z.record(z.string(), z.union([z.array(demoUserSchema), z.string()]));
export type DemoUser = z.infer<typeof demoUserSchema> & { uid: string };

export async function readDemoUsers(): Promise<Record<string, z.infer<typeof demoUserSchema>[]>> {
  const raw = demoUsersSchema.parse(JSON.parse(await readFile(path.resolve('demo/users.json'), 'utf8')));
  return Object.fromEntries(
    Object.entries(raw).filter((entry): entry is [string, z.infer<typeof demoUserSchema>[]] =>
      Array.isArray(entry[1]),
    ),
  );
}

/** Tenant display names: 4-20 characters, a letter first, letters, digits and hyphens. */
function tenantDisplayName(slug: string): string {
  return `fc-${slug}`
    .replace(/[^A-Za-z0-9-]/g, '-')
    .slice(0, 20)
    .padEnd(4, '0');
}

export async function seedAuthEmulator(
  emulatorHost: string,
  projectId: string,
  sites: { slug: string; tenantId: string }[],
): Promise<Record<string, DemoUser[]>> {
  // eslint-disable-next-line no-restricted-properties -- firebase-admin reads the emulator's address from here
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  const app = getApps().find((a) => a.name === 'seed') ?? initializeApp({ projectId }, 'seed');
  const tenants = getAuth(app).tenantManager();
  const demoUsers = await readDemoUsers();
  const seeded: Record<string, DemoUser[]> = {};

  for (const site of sites) {
    await tenants.updateTenant(site.tenantId, {
      displayName: tenantDisplayName(site.slug),
      emailSignInConfig: { enabled: true, passwordRequired: true },
    });
    const auth = tenants.authForTenant(site.tenantId);
    seeded[site.slug] = [];
    for (const user of demoUsers[site.slug] ?? []) {
      const existing = await auth.getUserByEmail(user.email).catch(() => null);
      const record = existing
        ? await auth.updateUser(existing.uid, {
            password: user.password,
            displayName: user.displayName,
            disabled: false,
            // Demo accounts pay without a verification mail (decision 0027); older data directories too.
            emailVerified: true,
          })
        : await auth.createUser({
            ...(user.uid ? { uid: user.uid } : {}),
            email: user.email,
            password: user.password,
            displayName: user.displayName,
            emailVerified: true,
          });
      seeded[site.slug]!.push({ ...user, uid: record.uid });
    }
  }
  return seeded;
}
