import { AppError } from '@/lib/errors';
import { staffApi } from '@/features/staff/app';
import { parseMonthRange, salesFileName } from '@/features/billing';
import { exportSalesCsv, getPaymentProvider } from '@/features/billing/server';

/**
 * GET /api/staff/sales/export.csv?from=2025-12&to=2026-11: the owner's sales of those Japan-time months (default:
 * the page's twelve) as CSV for Excel: UTF-8 with BOM, CRLF, RFC 4180 quoting. The club's figures: never cached,
 * and each export is audited.
 */
export const GET = staffApi<{ host: string }>('sales:read', async ({ request, db, actor, site }) => {
  const provider = await getPaymentProvider();
  const range = parseMonthRange(request.nextUrl.searchParams, await provider.now(site.id));
  if (!range) throw new AppError('VALIDATION', '期間は2年以内の月（例: 2026-11）で指定してください。');
  const name = salesFileName(range);
  return new Response(await exportSalesCsv(db, provider, actor, range), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
