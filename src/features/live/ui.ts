// Public entry of the live feature: React components and hooks; nothing here reaches server-only code, so client components may import it.
// Other folders import the feature only through its entries (decision 0030).

export { LivePlayer, PLAYER_MESSAGES } from './components/live-player';
export { LivePanel } from './staff/components/live-panel';
