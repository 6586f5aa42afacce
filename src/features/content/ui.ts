// Public entry of the content feature: React components and hooks; nothing here reaches server-only code, so client components may import it.
// Other folders import the feature only through its entries (decision 0030).

export { ItemDetailView } from './components/item-detail';
export { ContentList } from './staff/components/content-list';
export { ItemEditor } from './staff/components/item-editor';
export { ItemPreview } from './staff/components/item-preview';
export { NewItemForm } from './staff/components/new-item-form';
