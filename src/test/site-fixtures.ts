import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteFile } from '@/features/site';

/** The demo site files as plain JSON, to be edited freely by a test. */
export function demoSiteFile(name: 'mio' | 'second'): SiteFile {
  return JSON.parse(readFileSync(path.resolve('demo/sites', `${name}.json`), 'utf8')) as SiteFile;
}
