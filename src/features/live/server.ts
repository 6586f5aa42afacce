// Public entry of the live feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { hashStreamSecret, newStreamSecret, secretMatches, streamKeyText } from './server/keys';
export { liveDirectRoutes, rtmpCallback } from './server/rtmp-callbacks';
export {
  HLS_KINDS,
  HLS_URL_LIFETIME_SECONDS,
  hlsExpiry,
  hlsSignature,
  type HlsGrant,
  type HlsKind,
  signedPlaylistUrl,
  viewerTag,
} from './server/signing';
export { liveSourceFor, type LiveServer, type LiveSourceResult, type LiveViewer } from './server/source';
export { staffStream } from './server/staff-stream';
export {
  findStreamOfItem,
  regenerateStreamKey,
  saveStream,
  startPublishing,
  stopPublishing,
  type StreamSettings,
} from './server/streams';
