'use client';

import { useRouter } from 'next/navigation';
import { toast } from '@/components/ui/toast';
import { paths } from '@/lib/paths';
import type { AddressValues, NicknameValues, ProfileValues } from '@/features/signup/schemas';
import { NicknameForm } from '@/features/signup/components/nickname-form';
import { ProfileForm } from '@/features/signup/components/profile-form';
import { AddressForm } from '@/features/signup/components/address-form';

type Props =
  | { part: 'nickname'; defaults: Partial<NicknameValues> }
  | { part: 'profile'; defaults: Partial<ProfileValues> }
  | { part: 'address'; defaults: Partial<AddressValues> };

/** The sign-up forms on My page: they save to /api/mypage/[part] and return to My page. */
export function MyPageForm(props: Props & { returnToMyPage?: boolean }) {
  const router = useRouter();
  const action = `/api/mypage/${props.part}`;
  const onSaved = () => {
    toast.success('保存しました');
    if (props.returnToMyPage !== false) router.push(paths.myPage());
    router.refresh();
  };
  const common = { action, submitLabel: '保存する', backHref: paths.myPage(), onSaved };
  switch (props.part) {
    case 'nickname':
      return <NicknameForm {...common} backHref={null} defaults={props.defaults} />;
    case 'profile':
      return <ProfileForm {...common} defaults={props.defaults} />;
    case 'address':
      return <AddressForm {...common} defaults={props.defaults} />;
  }
}
