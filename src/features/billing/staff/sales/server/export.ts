import 'server-only';
import type { Db } from '@/server/db/client';
import type { PaymentProvider } from '@/server/payments/types';
import { recordAudit, type StaffActor } from '@/features/staff/server';
import { salesCsv } from '@/features/billing/staff/sales/csv';
import { totalOf } from '@/features/billing/staff/sales/model';
import type { MonthRange } from '@/features/billing/staff/sales/months';
import { salesReport } from '@/features/billing/staff/sales/server/sales';

/**
 * The sales of a range of months as CSV. The club's figures leaving the console are audited like the members'
 * export: who, when (the row's time), which months, and the totals the file carried.
 */
export async function exportSalesCsv(
  db: Db,
  provider: PaymentProvider,
  actor: StaffActor,
  range: MonthRange,
): Promise<string> {
  const months = await salesReport(db, provider, actor, range);
  const total = totalOf(months);
  await recordAudit(db, actor, {
    action: 'sales.export',
    targetType: 'sales',
    targetId: null,
    before: null,
    after: { from: range.from, to: range.to, grossYen: total.grossYen, netYen: total.netYen },
  });
  return salesCsv(months);
}
