import 'server-only';
import type { NextRequest } from 'next/server';
import { getDb } from '@/server/db';
import { jsonError, jsonFromError, jsonOk } from '@/server/http/responses';
import { findSection, SECTION_IDS, type SectionId } from '@/features/site';
import { listSection } from '@/features/content/server/items';
import { viewContext } from '@/features/content/server/pages';
import { getViewerLevel } from '@/features/content/server/viewer-level';

type Context = { params: Promise<{ host: string; section: string }> };

/**
 * GET /api/content/{section}?cursor=…: the next page of a list for this request's viewer. Always personal
 * (`private, no-store`): what it holds depends on who asks.
 */
export async function getSectionPage(request: NextRequest, context: Context) {
  try {
    const { host, section } = await context.params;
    const ctx = await viewContext(host, await getViewerLevel(host));
    const id = (SECTION_IDS as readonly string[]).includes(section) ? (section as SectionId) : null;
    if (!id || !findSection(ctx.site.config, id)) return jsonError('NOT_FOUND');
    const cursor = request.nextUrl.searchParams.get('cursor');
    return jsonOk(await listSection(await getDb(), ctx, id, { cursor: cursor || null }));
  } catch (error) {
    return jsonFromError(error);
  }
}
