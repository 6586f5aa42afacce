'use client';

import { useRouter } from 'next/navigation';
import { paths, safeNextPath, withNext } from '@/lib/paths';
import type { AddressValues, NicknameValues, ProfileValues } from '@/features/signup/schemas';
import { signUpApi } from '@/features/signup/steps';
import { NicknameForm } from '@/features/signup/components/nickname-form';
import { ProfileForm } from '@/features/signup/components/profile-form';
import { AddressForm } from '@/features/signup/components/address-form';
import { PlanPicker, type PlanOption } from '@/features/signup/components/plan-picker';
import { Checkout } from '@/features/billing/ui';

type CheckoutProps = Parameters<typeof Checkout>[0];

export type SignUpFormProps =
  | { step: 'nickname'; defaults: Partial<NicknameValues> }
  | { step: 'profile'; defaults: Partial<ProfileValues> }
  | { step: 'address'; defaults: Partial<AddressValues> }
  | { step: 'plans'; plans: PlanOption[]; chosenPlanId: string | null }
  | ({ step: 'payment' } & Omit<CheckoutProps, 'onDone'>);

/**
 * One form step of the sign-up flow; saving moves on to the step the server names. `next`, the page that made the fan
 * join, goes with each save (the server keeps it with the progress) and on to the following step's address.
 */
export function SignUpStepForm(props: SignUpFormProps & { backHref: string | null; next?: string | null }) {
  const router = useRouter();
  const next = props.next ?? null;
  const goOn = (data: { next?: string }) => {
    // The server names the step; still only ever a path of this site, whatever a response carries.
    router.push(withNext(safeNextPath(data.next, paths.signUpStep('complete')), next));
    router.refresh();
  };
  const api = (step: 'nickname' | 'profile' | 'address' | 'plans') => withNext(signUpApi(step), next);
  switch (props.step) {
    case 'nickname':
      return (
        <NicknameForm
          action={api('nickname')}
          defaults={props.defaults}
          submitLabel="次へ"
          backHref={props.backHref}
          onSaved={goOn}
        />
      );
    case 'profile':
      return (
        <ProfileForm
          action={api('profile')}
          defaults={props.defaults}
          submitLabel="次へ"
          backHref={props.backHref}
          onSaved={goOn}
        />
      );
    case 'address':
      return (
        <AddressForm
          action={api('address')}
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
          action={api('plans')}
          backHref={props.backHref}
          onSaved={goOn}
        />
      );
    case 'payment':
      return <Checkout {...props} onDone={() => goOn({ next: paths.signUpStep('complete') })} />;
  }
}
