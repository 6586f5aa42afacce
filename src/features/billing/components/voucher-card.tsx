'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { formatDateJa } from '@/lib/dates';
import { postJson } from '@/lib/post-json';
import { formatYen } from '@/lib/yen';
import type { VoucherView } from '@/features/billing/voucher';

const TIME = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit' });

/**
 * A konbini voucher to pay at the till: the numbers the store's terminal asks for, the amount and the deadline. In
 * the sandbox (demo and tests) a control stands in for the store.
 */
export function VoucherCard({
  voucher,
  sandbox,
  onPaid,
}: {
  voucher: VoucherView;
  sandbox: boolean;
  onPaid?: () => void;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const deadline = voucher.expiresAt ? new Date(voucher.expiresAt) : null;
  return (
    <section
      aria-labelledby="voucher-heading"
      className="rounded-lg border-2 border-primary p-4 text-sm"
      data-testid="konbini-voucher"
    >
      <h3 id="voucher-heading" className="mb-3 text-base font-bold">
        コンビニでのお支払い
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-bold">お支払い番号</dt>
        <dd className="font-mono text-lg tracking-widest" data-testid="payment-number">
          {voucher.paymentNumber}
        </dd>
        <dt className="font-bold">確認番号</dt>
        <dd className="font-mono text-lg tracking-widest" data-testid="confirmation-number">
          {voucher.confirmationNumber}
        </dd>
        <dt className="font-bold">お支払い金額</dt>
        <dd>{formatYen(voucher.amountYen)}</dd>
        <dt className="font-bold">お支払い期限</dt>
        <dd data-testid="voucher-deadline">
          {deadline ? `${formatDateJa(deadline)} ${TIME.format(deadline)}` : '—'}
        </dd>
      </dl>
      <p className="mt-3 leading-relaxed">
        ファミリーマート・ローソン・ミニストップ・セイコーマートの店頭端末またはレジで、お支払い番号と確認番号をお伝えください。
        お支払いが確認され次第、会員期間が始まります。期限を過ぎると番号は無効になり、改めてお支払い方法をお選びいただけます。
      </p>
      {sandbox && (
        <div className="mt-4 rounded-md bg-surface-sub p-3">
          <p className="mb-2">
            デモ環境のため、実際のコンビニでは支払えません。下のボタンで店頭での支払いを再現できます。
          </p>
          <FormError message={error} />
          <Button
            variant="secondary"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              setError(null);
              const result = await postJson('/api/sandbox/konbini', { paymentId: voucher.id });
              setBusy(false);
              if (!result.ok) return setError(result.message);
              if (onPaid) onPaid();
              else router.refresh();
            }}
          >
            {busy ? '処理しています…' : '【デモ】コンビニで支払ったことにする'}
          </Button>
        </div>
      )}
    </section>
  );
}
