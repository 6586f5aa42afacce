// The registry reachable here does not serve other platforms' builds in `npm install`'s resolution (e.g.
// @next/swc-darwin-arm64), so `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock as
// out of sync. This adds an entry for every missing optional dependency, with the platform fields (`os`, `cpu`,
// `libc`) its manifest declares, so that `npm ci` installs only the builds for the machine it runs on (without them it
// installed every platform's binaries: 457 MB). Run after every `npm install`.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
const registry = execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' })
  .trim()
  .replace(/\/$/, '');
const PLATFORM_FIELDS = ['os', 'cpu', 'libc'];

function resolves(from, name) {
  for (let base = from; ;) {
    if (`${base ? `${base}/` : ''}node_modules/${name}` in packages) return true;
    if (!base) return false;
    const at = base.lastIndexOf('/node_modules/');
    base = at >= 0 ? base.slice(0, at) : '';
  }
}

/** The platform fields of one published version, from the registry's manifest (10 s at most). */
async function platformOf(name, version) {
  const response = await fetch(`${registry}/${name.replace('/', '%2F')}/${version}`, {
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`${name}@${version}: the registry answered ${response.status}`);
  const manifest = await response.json();
  return Object.fromEntries(PLATFORM_FIELDS.filter((field) => manifest[field]).map((f) => [f, manifest[f]]));
}

const added = [];
for (const [key, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolves(key, name)) continue;
    packages[`node_modules/${name}`] = { version, optional: true, ...(meta.dev ? { dev: true } : {}) };
    added.push(`${name}@${version}`);
  }
}

// Every entry written here (no `resolved`: npm never installed it) gets its platform fields, a few requests at a time.
const unplaced = Object.entries(packages).filter(
  ([key, meta]) => key && meta.optional && !meta.resolved && !PLATFORM_FIELDS.some((field) => meta[field]),
);
for (let i = 0; i < unplaced.length; i += 8) {
  await Promise.all(
    unplaced.slice(i, i + 8).map(async ([key, meta]) => {
      const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
      Object.assign(meta, await platformOf(name, meta.version));
    }),
  );
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  `${added.length ? `added ${added.length} optional entries` : 'package-lock.json is complete'}; ` +
    `platform fields read for ${unplaced.length}`,
);
