/**
 * The features' direction (decision 0042): for each feature of src/features, the features whose entries it may
 * import. Lower features never import higher ones, so a change at the top never ripples down, and the map has no
 * cycle (its test checks that). Tests and test helpers follow the same map. The lint rule
 * `feature-entries/feature-map` (eslint/feature-entries.mjs) reports any other import between features.
 *
 * Layers, bottom to top (a feature imports only from layers below its own):
 *   1. site, analytics
 *   2. auth
 *   3. staff (the console's core: roles, the staff gate and API wrapper, audit, shell, team, jobs), membership
 *   4. consent (hosts the legal pages' console), notices (announcements), media (the files' console)
 *   5. billing (hosts the members' and plans' consoles: they show payments and consent)
 *   6. signup, presale, live (members-only streams: the media server's callbacks, signed HLS, the player), chat (the
 *      live chat and its moderation)
 *   7. content (hosts the items' console; shows a live item's player and its chat), tickets
 *   8. front, resale (公式リセール: moves tickets and money between members), support (the in-club contact form: it
 *      names payments and tickets)
 */
export const FEATURE_MAP = {
  site: [],
  analytics: [],
  auth: ['site'],
  staff: ['site', 'auth'],
  membership: ['site', 'auth'],
  consent: ['site', 'auth', 'staff', 'membership'],
  notices: ['site', 'staff', 'membership'],
  media: ['site', 'staff'],
  billing: ['site', 'auth', 'staff', 'membership', 'consent', 'notices'],
  signup: ['site', 'auth', 'membership', 'consent', 'billing'],
  presale: ['site', 'auth', 'staff', 'membership', 'notices', 'billing'],
  live: ['site', 'auth', 'staff', 'membership'],
  chat: ['site', 'auth', 'staff', 'membership'],
  content: ['site', 'auth', 'staff', 'membership', 'media', 'presale', 'live', 'chat'],
  tickets: ['site', 'auth', 'staff', 'membership', 'presale'],
  resale: ['site', 'auth', 'staff', 'membership', 'notices', 'billing', 'presale', 'tickets'],
  front: ['site', 'auth', 'membership', 'content'],
  support: ['site', 'auth', 'staff', 'membership', 'notices', 'billing', 'presale', 'tickets'],
};

/** Where the map lives, for the lint message and the docs. */
export const FEATURE_MAP_FILE = 'eslint/feature-map.mjs';

/** A cycle of the map as a list of features (first repeated last), or null when it has none. */
export function mapCycle(map = FEATURE_MAP) {
  const state = new Map();
  const visit = (feature, trail) => {
    if (state.get(feature) === 'done') return null;
    if (state.get(feature) === 'open') return [...trail.slice(trail.indexOf(feature)), feature];
    state.set(feature, 'open');
    for (const next of map[feature] ?? []) {
      const cycle = visit(next, [...trail, feature]);
      if (cycle) return cycle;
    }
    state.set(feature, 'done');
    return null;
  };
  for (const feature of Object.keys(map)) {
    const cycle = visit(feature, []);
    if (cycle) return cycle;
  }
  return null;
}
