import type { Metadata } from 'next';
import { paths } from '@/lib/paths';
import type { HostParams } from '@/features/site';
import { AuthCard } from '@/features/auth/ui';
import { requireJoinedMember } from '@/features/membership/app';
import { getPaymentProvider } from '@/features/billing/server';
import { CardChange } from '@/features/billing/ui';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'お支払い方法の変更', robots: { index: false } };

export default async function ChangeCardPage({ params }: HostParams) {
  const { member } = await requireJoinedMember(params, paths.changeCard());
  const provider = await getPaymentProvider();
  const current = member.billingCustomerId ? await provider.getCard(member.billingCustomerId) : null;
  return (
    <AuthCard
      title="お支払い方法の変更"
      lead={
        current
          ? `現在のカード：${current.brand} **** ${current.last4}`
          : '次回以降の会費のお支払いに使うカードを登録します。'
      }
    >
      <CardChange setup={{ kind: provider.kind, publishableKey: provider.publishableKey }} />
    </AuthCard>
  );
}
