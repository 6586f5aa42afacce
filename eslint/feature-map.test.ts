import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './feature-entries.mjs';
import { FEATURE_MAP, mapCycle } from './feature-map.mjs';

describe('the features map (decision 0042)', () => {
  it('has no cycle', () => {
    expect(mapCycle()).toBeNull();
    // The check itself finds one when there is one.
    expect(mapCycle({ a: ['b'], b: ['c'], c: ['a'] })).toEqual(['a', 'b', 'c', 'a']);
  });

  it('names every feature folder, and only features', () => {
    const folders = fs
      .readdirSync(path.join(ROOT, 'src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(Object.keys(FEATURE_MAP).sort()).toEqual(folders.sort());
    for (const allowed of Object.values(FEATURE_MAP)) {
      for (const feature of allowed) expect(folders).toContain(feature);
    }
  });
});
