// Public entry of the chat feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { chatPersonOf, type ChatPerson } from './server/access';
export { chatDirectRoutes, startChatHub } from './server/direct-api';
export { ChatHub, type ChatSubscriber } from './server/hub';
export { eventsAfter, reportsOf } from './server/read';
export { catchUp, stateEvent } from './server/stream';
export {
  CHAT_CHANNEL,
  deleteMessage,
  pinMessage,
  postMessage,
  reportMessage,
  restrictAuthor,
  setSlowMode,
} from './server/write';
