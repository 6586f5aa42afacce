import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/server/env';
import { demoSiteFile } from '@/test/site-fixtures';

/**
 * The README's addresses of the Auth emulator's reset and e-mail-change links: what `npm start` (scripts/start.ts)
 * really starts. The emulator keeps a tenant's codes under the tenant, so the project-wide list is empty for every
 * demo account.
 */
describe('README: where the demo lists its reset links', () => {
  const readme = readFileSync(path.resolve('README.md'), 'utf8');
  const listed = [...readme.matchAll(/http:\/\/[^\s`]+\/oobCodes/g)].map((match) => match[0]);
  const defaults = parseEnv({});

  it('names the emulator npm start runs, and each demo site tenant', () => {
    const base = `http://127.0.0.1:${defaults.AUTH_EMULATOR_PORT}/emulator/v1/projects/${defaults.FIREBASE_PROJECT_ID}`;
    const expected = (['mio', 'second'] as const).map(
      (slug) => `${base}/tenants/${demoSiteFile(slug).config.TENANT_ID}/oobCodes`,
    );
    expect(listed.length).toBeGreaterThan(0);
    expect(new Set(listed)).toEqual(new Set(expected));
  });
});
