// Public entry of the media feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { encodeImage, type Encoded } from './server/encode-image';
export { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, storeImage, storeVideo } from './server/process';
export { deleteStoredFiles } from './server/remove';
export { imageView, mediaUrl, videoView } from './server/urls';
export {
  CAPTION_MAX,
  deleteItemFile,
  listItemFiles,
  maxBytesFor,
  reorderGallery,
  updateItemFile,
  uploadItemFile,
} from './staff/server/files';
export { readUpload, uploadFileName } from './staff/server/read-upload';
