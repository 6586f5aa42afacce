import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/server/db/client';
import { plans } from '@/server/db/schema';
import { describeIssues, siteFileSchema } from '@/features/site';
import { upsertSite, type Site } from '@/features/site/server';

export const DEMO_SITES_DIR = path.resolve('demo/sites');

/** Writes the demo sites; idempotent, so every `npm start` can run it. */
export async function seedDemo(db: Db): Promise<Site[]> {
  const files = (await readdir(DEMO_SITES_DIR)).filter((name) => name.endsWith('.json')).sort();
  const seeded: Site[] = [];
  for (const name of files) {
    const parsed = siteFileSchema.safeParse(
      JSON.parse(await readFile(path.join(DEMO_SITES_DIR, name), 'utf8')),
    );
    if (!parsed.success) throw new Error(`${name}:\n${describeIssues(parsed.error).join('\n')}`);
    seeded.push((await upsertSite(db, parsed.data)).site);
  }
  await seedPlans(db, seeded);
  return seeded;
}

const planSchema = z.object({
  code: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1).max(60),
  interval: z.enum(['month', 'year']),
  priceYen: z.number().int().min(1),
  sortOrder: z.number().int(),
});
const plansFileSchema = z.record(z.string(), z.union([z.array(planSchema), z.string()]));

/** The demo plans of demo/plans.json, written by (site, code) so that a changed price updates the plan. */
async function seedPlans(db: Db, sites: Site[]): Promise<void> {
  const file = plansFileSchema.parse(JSON.parse(await readFile(path.resolve('demo/plans.json'), 'utf8')));
  for (const site of sites) {
    const list = file[site.slug];
    if (!Array.isArray(list)) continue;
    for (const plan of list) {
      await db
        .insert(plans)
        .values({ ...plan, siteId: site.id })
        .onConflictDoUpdate({
          target: [plans.siteId, plans.code],
          set: {
            name: plan.name,
            interval: plan.interval,
            priceYen: plan.priceYen,
            sortOrder: plan.sortOrder,
            updatedAt: sql`now()`,
          },
        });
    }
  }
}
