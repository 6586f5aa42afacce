// Public entry of the media feature: types and pure functions, safe in any module (client components, server code, scripts).
// Other folders import the feature only through its entries (decision 0030).

export { MediaRejectedError } from './server/errors';
export type { MediaRow } from './server/variants';
export type { StaffMediaFile } from './staff/server/file-rows';
export { tooLargeMessage, typesOf, UPLOAD_ROLES, type UploadRole, wrongTypeMessage } from './staff/roles';
export type { ImageView, VideoView } from './views';
