// Public entry of the support feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { contactSchema, replySchema, type Contact, type ContactInput } from './schemas';
export { STATUS_LABELS, SUBJECT_LABELS, type SupportThreadView } from './types';
