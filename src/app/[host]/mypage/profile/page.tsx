import type { Metadata } from 'next';
import { paths } from '@/lib/paths';
import type { HostParams } from '@/features/site';
import { AuthCard } from '@/features/auth/ui';
import { requireJoinedMember } from '@/features/membership/app';
import { MyPageForm } from '@/features/signup/ui';
import { formatPhoneJa } from '@/lib/phone';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'プロフィールの変更', robots: { index: false } };

export default async function EditProfilePage({ params }: HostParams) {
  const { member } = await requireJoinedMember(params, paths.editProfile());
  return (
    <AuthCard title="プロフィールの変更">
      <h2 className="mb-4 text-lg font-bold">ニックネーム</h2>
      <MyPageForm part="nickname" returnToMyPage={false} defaults={{ nickname: member.nickname ?? '' }} />
      <h2 className="mt-10 mb-4 text-lg font-bold">プロフィール</h2>
      <MyPageForm
        part="profile"
        defaults={{
          familyName: member.familyName ?? '',
          givenName: member.givenName ?? '',
          familyNameKana: member.familyNameKana ?? '',
          givenNameKana: member.givenNameKana ?? '',
          birthday: member.birthday ?? '',
          phone: formatPhoneJa(member.phone),
        }}
      />
    </AuthCard>
  );
}
