import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { PaymentProvider } from '@/server/payments/types';
import { applyKonbiniState, type OneOffPayment } from '@/features/billing/server/konbini-apply';
import { paymentsFor, type WinToPay } from '@/features/billing/server/presale-payments';
import { payTarget } from '@/features/billing/server/presale-record';

/**
 * Issues the konbini voucher of a presale win, once (0026's one-off payment, purpose `presale`): written `issuing`
 * before the provider is called, its id the idempotency key, so two instances or a retry reach the one voucher. Its
 * deadline is `days` days on, 23:59 Japan time; writing it sends the fan's voucher mail (konbini-apply.ts). An
 * application that already had a payment gets none from here.
 */
export async function issueWinVoucher(
  db: Db,
  provider: PaymentProvider,
  win: WinToPay & { customerId: string; days: number },
): Promise<OneOffPayment | null> {
  const target = payTarget(win);
  await db.execute(sql`
    insert into one_off_payments
      (site_id, member_id, purpose, method, provider, amount_yen, presale_application_id, resale_match_id)
    select ${win.siteId}, ${win.memberId}, ${target.purpose}, 'konbini', ${provider.kind}, ${win.amountYen},
      ${target.applicationId}, ${target.matchId}
    where not exists (select 1 from one_off_payments
      where presale_application_id = ${target.applicationId} or resale_match_id = ${target.matchId})
    on conflict do nothing`);
  const [latest] = await paymentsFor(db, win);
  if (!latest || latest.status !== 'issuing' || latest.method !== 'konbini') return latest ?? null;
  const state = await provider.issueKonbini({
    siteId: win.siteId,
    memberId: win.memberId,
    customerId: win.customerId,
    amountYen: latest.amountYen,
    description: win.description,
    attemptId: latest.id,
    days: win.days,
  });
  const at = await provider.now(win.siteId);
  return db.transaction((tx) => applyKonbiniState(tx, state, at));
}
