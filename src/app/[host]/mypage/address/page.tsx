import type { Metadata } from 'next';
import { paths } from '@/lib/paths';
import type { HostParams } from '@/features/site';
import { AuthCard } from '@/features/auth/ui';
import { requireJoinedMember } from '@/features/membership/app';
import { MyPageForm } from '@/features/signup/ui';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: '住所の変更', robots: { index: false } };

export default async function EditAddressPage({ params }: HostParams) {
  const { member } = await requireJoinedMember(params, paths.editAddress());
  return (
    <AuthCard title="住所の変更">
      <MyPageForm
        part="address"
        defaults={{
          postalCode: member.postalCode ?? '',
          ...(member.prefecture ? { prefecture: member.prefecture as never } : {}),
          city: member.city ?? '',
          street: member.street ?? '',
          building: member.building ?? '',
        }}
      />
    </AuthCard>
  );
}
