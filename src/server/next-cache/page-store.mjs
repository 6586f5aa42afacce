// @ts-check
/**
 * Next.js's cache handler (next.config.mjs `cacheHandler`): where Next.js keeps its renderings (ISR) and cached data,
 * in this process's memory. Plain JavaScript because Next.js imports it as it is, at build time as well.
 *
 * The front server (src/features/front/server) imports this same file, so both hold one module (one ES module per
 * file URL in a process): Next.js fills the store, the front server answers a content page straight from it, and a
 * site's change drops its entries here once for both. See docs/decisions/0023. What it knows of Next.js's private key
 * and value formats is in next-internals.mjs.
 */
import { CACHE_TAGS_HEADER, pagePathOf, pathInKey } from './next-internals.mjs';

/** Memory bound of every entry (HTML, router payload, data): the least recently used go first. */
const MAX_BYTES = 48 * 1024 * 1024;
/**
 * A rendering that began before a site changed may be stored just after its entries were dropped: they are dropped
 * once more this much later (longer than a page takes to render).
 */
const SECOND_DROP_MS = 5_000;

/**
 * @typedef {{ revalidate?: number | false, expire?: number }} CacheControl
 * @typedef {{ kind: string, html?: unknown, status?: number, headers?: Record<string, unknown> }} Value
 * @typedef {{ value: Value, lastModified: number, cacheControl?: CacheControl, tags: string[], bytes: number, path: string | null }} Entry
 */

/** @type {Map<string, Entry>} Next.js's key → entry, in the order they were last used. */
const entries = new Map();
/** @type {Map<string, string>} A page's path (`/{host}/for/{audience}/…`) → Next.js's key of its rendering. */
const keysByPath = new Map();
let bytes = 0;

function sizeOf(/** @type {Value} */ value) {
  let size = 0;
  for (const part of Object.values(value)) {
    if (typeof part === 'string') size += part.length;
    else if (Buffer.isBuffer(part)) size += part.length;
    else if (part instanceof Map) for (const buffer of part.values()) size += buffer.length ?? 0;
  }
  return size;
}

function remove(/** @type {string} */ key) {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  bytes -= entry.bytes;
  if (entry.path && keysByPath.get(entry.path) === key) keysByPath.delete(entry.path);
}

function tagsOf(/** @type {Value} */ value, /** @type {unknown} */ ctxTags) {
  const header = value.headers?.[CACHE_TAGS_HEADER];
  const fromHeader = typeof header === 'string' ? header.split(',') : [];
  return [...fromHeader, ...(Array.isArray(ctxTags) ? ctxTags : [])];
}

/** One per IncrementalCache Next.js makes; they all share the module's store. */
export default class PageStore {
  /** @param {string} key */
  async get(key) {
    const entry = entries.get(key);
    if (!entry) return null;
    entries.delete(key);
    entries.set(key, entry);
    return { value: entry.value, lastModified: entry.lastModified, cacheControl: entry.cacheControl };
  }

  /**
   * @param {string} key
   * @param {Value | null} value
   * @param {{ cacheControl?: CacheControl, tags?: string[] }} context
   */
  async set(key, value, context) {
    remove(key);
    if (!value) return;
    const entry = {
      value,
      lastModified: Date.now(),
      cacheControl: context?.cacheControl,
      tags: tagsOf(value, context?.tags),
      bytes: sizeOf(value),
      path: pagePathOf(key, value),
    };
    entries.set(key, entry);
    if (entry.path) keysByPath.set(entry.path, key);
    bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (bytes <= MAX_BYTES) break;
      remove(oldest);
    }
  }

  /** revalidatePath and revalidateTag: every entry bearing one of the tags goes. */
  async revalidateTag(/** @type {string | string[]} */ tags) {
    const expired = new Set(typeof tags === 'string' ? [tags] : tags);
    for (const [key, entry] of entries) if (entry.tags.some((tag) => expired.has(tag))) remove(key);
  }

  resetRequestCache() {}
}

/**
 * The stored rendering of a page, however old (the caller judges its age by `lastModified` and `revalidate`), or
 * null.
 * @param {string} path `/{host}/for/{audience}` and the page's address after it
 */
export function storedPage(path) {
  const key = keysByPath.get(path);
  const entry = key === undefined ? undefined : entries.get(key);
  if (!entry) return null;
  const { html, status, headers } = entry.value;
  const body = typeof html === 'string' ? html : Buffer.isBuffer(html) ? html : null;
  if (body === null) return null;
  const revalidate = entry.cacheControl?.revalidate;
  return {
    /** The stored value itself: the same object as long as the rendering is the same. */
    source: entry.value,
    body,
    status: status ?? 200,
    headers: headers ?? {},
    lastModified: entry.lastModified,
    revalidateMs: typeof revalidate === 'number' ? revalidate * 1000 : Infinity,
  };
}

function dropNow(/** @type {string[]} */ hosts) {
  const prefixes = hosts.map((host) => `/${host}/`);
  for (const [key, entry] of entries) {
    const path = entry.path ?? pathInKey(key);
    if (prefixes.some((prefix) => path.startsWith(prefix))) remove(key);
  }
}

/**
 * Drops every rendering of a site (its host names): its content changed, or a scheduled item's time came. Dropped
 * again a little later, since a rendering that began before the change may be stored in between.
 * @param {string[]} hosts
 */
export function dropSite(hosts) {
  dropNow(hosts);
  setTimeout(() => dropNow(hosts), SECOND_DROP_MS).unref();
}

/** What the store holds now (tests, benchmarks). */
export function storeSize() {
  return { entries: entries.size, bytes };
}
