// Types of feature-map.mjs, for its test (the ESLint config itself is plain JavaScript).
export const FEATURE_MAP: Record<string, string[]>;
export const FEATURE_MAP_FILE: string;
export function mapCycle(map?: Record<string, string[]>): string[] | null;
