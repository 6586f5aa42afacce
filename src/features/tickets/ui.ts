// Public entry of the tickets feature: React components and hooks; nothing here reaches server-only code, so client components may import it.
// Other folders import the feature only through its entries (decision 0030).

export { DoorCheck } from './door/door-check';
export { ETickets } from './components/e-tickets';
export { LivingCode, LivingCodesProvider } from './components/living-code';
