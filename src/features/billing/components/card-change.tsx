'use client';

import { useRouter } from 'next/navigation';
import { toast } from '@/components/ui/toast';
import { paths } from '@/lib/paths';
import { PaymentForm, type PaymentSetup } from '@/features/billing/components/payment-form';

export function CardChange({ setup }: { setup: PaymentSetup }) {
  const router = useRouter();
  return (
    <PaymentForm
      setup={setup}
      action="/api/billing/card"
      submitLabel="このカードに変更する"
      onDone={() => {
        toast.success('お支払いに使うカードを変更しました');
        router.push(paths.myPage());
        router.refresh();
      }}
    />
  );
}
