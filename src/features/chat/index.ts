// Public entry of the chat feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { CHAT_BACKLOG, CHAT_MAX_LENGTH, cleanMessage, ngWordIn, SLOW_MODE_CHOICES } from './rules';
export type { ChatEvent, ChatMessageView, ChatReportView, ChatYou } from './types';
