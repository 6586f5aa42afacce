// Public entry of the content feature: React components and hooks; nothing here reaches server-only code, so client components may import it.
// Other folders import the feature only through its entries (decision 0030).

export { ItemDetailView } from './components/item-detail';
