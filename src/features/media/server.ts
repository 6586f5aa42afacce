// Public entry of the media feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, storeImage, storeVideo } from './server/process';
export { encodeImage, type Encoded } from './server/encode-image';
export { deleteStoredFiles } from './server/remove';
export { imageView, mediaUrl, videoView } from './server/urls';
