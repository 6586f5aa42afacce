import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSiteFile } from '@/test/site-fixtures';

const exec = promisify(execFile);
let dir: string;

/** Runs `npm run site -- ...` as a newcomer would, on an embedded database of its own. */
async function site(...args: string[]) {
  // eslint-disable-next-line no-restricted-properties -- the command inherits this environment
  const env = { ...process.env, DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' };
  return exec(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/site.ts', ...args],
    { env },
  )
    .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }))
    .catch((error: { code: number; stdout: string; stderr: string }) => error);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'fc-site-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// Each call starts node, tsx and an embedded database: seconds apiece, more on a busy machine.
describe('npm run site', { timeout: 90_000 }, () => {
  it('lists every bad field of a file and writes nothing', async () => {
    const bad = demoSiteFile('second') as unknown as Record<string, Record<string, unknown>>;
    bad.config!.FC_SERVER_CELL = 'fc-site-009';
    bad.config!.TWITTER_URL = 'not a url';
    bad.config!.TOP_PAGE_CONTENT = ['news', 'movie'];
    const file = path.join(dir, 'bad.json');
    await writeFile(file, JSON.stringify(bad));

    const result = await site('upsert', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('3 件の誤りがあります');
    expect(result.stderr).toMatch(/- config\.FC_SERVER_CELL: /);
    expect(result.stderr).toMatch(/- config\.TWITTER_URL: /);
    expect(result.stderr).toMatch(/- config\.TOP_PAGE_CONTENT\.1: FC_CONTENTS にないセクション "movie"/);
    expect((await site('list')).stdout).toBe('');
  });

  it('adds a site, then updates it, from a JSON file', async () => {
    const file = path.join(dir, 'new.json');
    const newSite = { ...demoSiteFile('second'), slug: 'third', hosts: ['third.localhost'] };
    await writeFile(file, JSON.stringify(newSite));
    expect((await site('upsert', file)).stdout).toContain('サイト third を追加しました');
    expect((await site('upsert', file)).stdout).toContain('サイト third を更新しました');
    expect((await site('list')).stdout).toBe('third\tthird.localhost\n');
  });

  it('explains a file that is not JSON', async () => {
    const file = path.join(dir, 'broken.json');
    await writeFile(file, '{ "slug": ');
    const result = await site('validate', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('JSON として読めません');
  });
});
