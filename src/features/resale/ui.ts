// Public entry of the resale feature: React components and hooks; nothing here reaches server-only code, so client components may import it.
// Other folders import the feature only through its entries (decision 0030).

export { MyResalePanel } from './components/my-resale';
