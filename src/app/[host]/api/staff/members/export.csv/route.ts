import { getPaymentProvider } from '@/features/billing/server';
import { staffApi } from '@/features/staff/app';
import { parseMemberFilter } from '@/features/billing';
import { exportFileName, exportMembersCsv } from '@/features/billing/server';

/**
 * GET /api/staff/members/export.csv?<the list's query>: every member the filter matches (all pages) as CSV for
 * Excel: UTF-8 with BOM, CRLF, RFC 4180 quoting. Personal data: never cached, and each export is audited.
 */
export const GET = staffApi<{ host: string }>('members:read', async ({ request, db, actor, site }) => {
  const filter = parseMemberFilter(request.nextUrl.searchParams);
  const now = await (await getPaymentProvider()).now(site.id);
  const body = await exportMembersCsv(db, actor, filter, now);
  const name = exportFileName(now);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
