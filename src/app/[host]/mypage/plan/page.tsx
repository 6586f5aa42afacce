import type { Metadata } from 'next';
import { paths } from '@/lib/paths';
import type { HostParams } from '@/features/site';
import { AuthCard } from '@/features/auth/ui';
import { requireJoinedMember } from '@/features/membership/app';
import { PlanChangePanel } from '@/features/billing/app';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'プランの変更', robots: { index: false } };

export default async function ChangePlanPage({ params }: HostParams) {
  const { site, member } = await requireJoinedMember(params, paths.changePlan());
  return (
    <AuthCard title="プランの変更" lead="新しいプランは、次回の更新日から適用されます。">
      <PlanChangePanel site={site} member={member} />
    </AuthCard>
  );
}
