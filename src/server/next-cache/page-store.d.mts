/** Types of page-store.mjs (Next.js's cache handler, kept in plain JavaScript). */
export interface StoredValue {
  source: object;
  body: string | Buffer;
  status: number;
  headers: Record<string, unknown>;
  lastModified: number;
  revalidateMs: number;
}

export default class PageStore {
  constructor(context?: unknown);
  get(key: string): Promise<{ value: unknown; lastModified: number; cacheControl?: unknown } | null>;
  set(
    key: string,
    value: { kind: string; html?: unknown; status?: number; headers?: Record<string, unknown> } | null,
    context?: { cacheControl?: { revalidate?: number | false; expire?: number }; tags?: string[] },
  ): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}

export function storedPage(path: string): StoredValue | null;
export function dropSite(hosts: string[]): void;
export function storeSize(): { entries: number; bytes: number };
