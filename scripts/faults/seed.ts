import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { env } from '@/server/env';
import { connectPostgres } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { startAuthEmulator } from '../lib/auth-emulator';
import { ensureBuild } from '../lib/build';
import { openSession } from '../lib/bench-sessions';
import { seedDemo } from '../lib/seed';
import { seedAuthEmulator } from '../lib/seed-auth';
import { seedDemoContent } from '../lib/seed-content';
import { seedDemoMembers } from '../lib/seed-members';
import { seedDemoStaff } from '../lib/seed-staff';

/**
 * What scripts/start.ts does before it serves the app, on the suite's cluster and emulator: migrations, the demo
 * sites with their content, the tenants and demo accounts, staff and members (sandbox), and the build if the sources
 * changed (a build already made for the same sources, by CI or npm start, is reused).
 */
export async function seedWorld(options: {
  databaseUrl: string;
  dataDir: string;
  emulatorPort: number;
  tmp: string;
  cleanups: (() => Promise<unknown>)[];
}) {
  const handle = connectPostgres(options.databaseUrl, { max: 1 });
  try {
    await runMigrations(handle);
    const sites = await seedDemo(handle.db);
    // Without the pictures and videos: drawing them is most of a seed's minute, and no fault concerns them.
    await seedDemoContent(handle.db, sites, { canaries: false, dataDir: options.dataDir, media: false });
    // The emulator keeps its pid file there (found again if a run is killed); a fresh clone has no .data yet.
    await mkdir(path.resolve('.data'), { recursive: true });
    const emulator = await startAuthEmulator({
      projectId: env.FIREBASE_PROJECT_ID,
      port: options.emulatorPort,
      dir: path.join(options.tmp, 'auth'),
      quiet: true,
    });
    options.cleanups.push(emulator.stop);
    const tenants = sites.map((site) => ({ slug: site.slug, tenantId: site.config.TENANT_ID }));
    const users = await seedAuthEmulator(emulator.host, env.FIREBASE_PROJECT_ID, tenants);
    await seedDemoStaff(handle.db, sites, users);
    await seedDemoMembers(handle.db, sites, users);
    const mio = sites.find((site) => site.slug === 'mio');
    if (!mio) throw new Error('the demo site mio was not seeded');
    const memberCookie = await openSession(handle.db, mio.id, 'premium@mio.example.com');
    await ensureBuild(JSON.stringify({ sentry: env.SENTRY_DSN ?? null }));
    // As npm start does: renderings cached by an earlier start came from another database.
    await rm(path.resolve('.next/server/route-cache'), { recursive: true, force: true });
    return { memberCookie };
  } finally {
    await handle.close();
  }
}
