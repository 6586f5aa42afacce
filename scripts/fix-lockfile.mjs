// The registry reachable here does not serve other platforms' builds (e.g. @next/swc-darwin-arm64), so `npm install`
// leaves them out of package-lock.json and `npm ci` then refuses the lock as out of sync. This adds an entry for
// every missing optional dependency; `npm ci` skips them on this platform. Run after every `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

function resolves(from, name) {
  for (let base = from; ;) {
    if (`${base ? `${base}/` : ''}node_modules/${name}` in packages) return true;
    if (!base) return false;
    const at = base.lastIndexOf('/node_modules/');
    base = at >= 0 ? base.slice(0, at) : '';
  }
}

const added = [];
for (const [key, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolves(key, name)) continue;
    packages[`node_modules/${name}`] = { version, optional: true, ...(meta.dev ? { dev: true } : {}) };
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `added ${added.length} optional entries` : 'package-lock.json is complete');
