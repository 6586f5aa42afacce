// Public entry of the support feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { cleanFromPath, threadContext } from './server/context';
export {
  memberThread,
  memberThreads,
  openThread,
  replyAsMember,
  replyAsStaff,
  staffThread,
  staffThreads,
} from './server/threads';
export { deleteExpiredThreads, SUPPORT_RETENTION_DAYS, supportRetentionJob } from './server/retention';
