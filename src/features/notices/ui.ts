// Public entry of the notices feature: React components and hooks; nothing here reaches server-only code, so client components may import it.
// Other folders import the feature only through its entries (decision 0030).

export { InboxList } from './components/inbox-list';
export { NoticeView } from './components/notice-view';
export { PreferencesForm } from './components/preferences-form';
export { UnsubscribeForm } from './components/unsubscribe-form';
