/** Types of security-headers.mjs (plain JavaScript, which next.config.mjs imports). */
export declare const SECURITY_HEADERS: readonly { key: string; value: string }[];
export declare const CAMERA_PAGES: readonly string[];
export declare const CAMERA_PERMISSIONS_POLICY: { key: string; value: string };
