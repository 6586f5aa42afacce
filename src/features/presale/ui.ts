// Public entry of the presale feature: React components and hooks; nothing here reaches server-only code, so client components may import it.
// Other folders import the feature only through its entries (decision 0030).

export { DrawVerifier } from './components/draw-verifier';
export { DrawReport } from './components/draw-report';
export { MyTickets } from './components/my-tickets';
export { PresalePanel } from './components/presale-panel';
export { PresaleFairnessPanel } from './components/presale-fairness';
