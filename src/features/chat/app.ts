// Public entry of the chat feature: server code that needs Next.js (next/headers, next/cache, next/server, server components); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { ChatRoomPage } from './staff/chat-room-page';
export { ChatRoomsPage } from './staff/chat-rooms-page';
