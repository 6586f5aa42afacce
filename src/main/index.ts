/**
 * The production process's entry, compiled with the app (`npm run build` → `dist/main.mjs`, by
 * scripts/build-server.mjs; docs/decisions/0040): node runs built files only. `npm start` runs it after seeding; a
 * deployment runs it the same way with its own environment:
 *   MALLOC_ARENA_MAX=2 node --max-old-space-size=320 --max-semi-space-size=8 dist/main.mjs
 */

// eslint-disable-next-line no-restricted-properties -- set before any module reads the environment
Object.assign(process.env, { NODE_ENV: 'production' });
// A module imported statically would run before the line above (imports are evaluated first): the server, Next.js
// and the settings they read come after it.
await import('./server');

export {};
