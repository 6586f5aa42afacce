import { getDb } from '@/server/db';
import { getPaymentProvider } from '@/features/billing/server/provider';
import { disputesOf } from '@/features/billing/server/disputes';
import type { StaffActor } from '@/features/staff';
import { lastMonths } from '@/features/billing/staff/sales/months';
import { salesReport } from '@/features/billing/staff/sales/server/sales';
import { SalesView } from '@/features/billing/staff/sales/components/sales-view';

/**
 * 売上 for the owner: the last twelve Japan-time months with a total, and one month's rows by source (membership by
 * plan, presale tickets; card and konbini apart). How refunds, fees and months are counted: model.ts.
 */
export async function SalesPage({ actor, month }: { actor: StaffActor; month?: string }) {
  const db = await getDb();
  const provider = await getPaymentProvider();
  const [months, disputes] = await Promise.all([
    salesReport(db, provider, actor, lastMonths(await provider.now(actor.siteId))),
    disputesOf(db, actor.siteId),
  ]);
  return (
    <SalesView
      months={months}
      selected={months.find((candidate) => candidate.month === month) ?? months[0]!}
      disputes={disputes}
    />
  );
}
