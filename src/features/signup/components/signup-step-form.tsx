'use client';

import { useRouter } from 'next/navigation';
import { paths, safeNextPath } from '@/lib/paths';
import type { AddressValues, NicknameValues, ProfileValues } from '@/features/signup/schemas';
import { signUpApi } from '@/features/signup/steps';
import { NicknameForm } from '@/features/signup/components/nickname-form';
import { ProfileForm } from '@/features/signup/components/profile-form';
import { AddressForm } from '@/features/signup/components/address-form';
import { PlanPicker, type PlanOption } from '@/features/signup/components/plan-picker';
import { Checkout } from '@/features/billing/components/checkout';

type CheckoutProps = Parameters<typeof Checkout>[0];

export type SignUpFormProps =
  | { step: 'nickname'; defaults: Partial<NicknameValues> }
  | { step: 'profile'; defaults: Partial<ProfileValues> }
  | { step: 'address'; defaults: Partial<AddressValues> }
  | { step: 'plans'; plans: PlanOption[]; chosenPlanId: string | null }
  | ({ step: 'payment' } & Omit<CheckoutProps, 'onDone'>);

/** One form step of the sign-up flow; saving moves on to the step the server names. */
export function SignUpStepForm(props: SignUpFormProps & { backHref: string | null }) {
  const router = useRouter();
  const goOn = (data: { next?: string }) => {
    // The server names the step; still only ever a path of this site, whatever a response carries.
    router.push(safeNextPath(data.next, paths.signUpStep('complete')));
    router.refresh();
  };
  switch (props.step) {
    case 'nickname':
      return (
        <NicknameForm
          action={signUpApi('nickname')}
          defaults={props.defaults}
          submitLabel="次へ"
          backHref={props.backHref}
          onSaved={goOn}
        />
      );
    case 'profile':
      return (
        <ProfileForm
          action={signUpApi('profile')}
          defaults={props.defaults}
          submitLabel="次へ"
          backHref={props.backHref}
          onSaved={goOn}
        />
      );
    case 'address':
      return (
        <AddressForm
          action={signUpApi('address')}
          defaults={props.defaults}
          submitLabel="次へ"
          backHref={props.backHref}
          onSaved={goOn}
        />
      );
    case 'plans':
      return (
        <PlanPicker
          plans={props.plans}
          chosenPlanId={props.chosenPlanId}
          action={signUpApi('plans')}
          backHref={props.backHref}
          onSaved={goOn}
        />
      );
    case 'payment':
      return <Checkout {...props} onDone={() => goOn({ next: paths.signUpStep('complete') })} />;
  }
}
