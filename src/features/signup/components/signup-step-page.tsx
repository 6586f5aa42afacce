import { Link } from '@/components/ui/link';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import type { SignUpStep } from '@/features/site';
import { formatMemberNumber, findPlan, listPlans } from '@/features/membership/server';
import { getPaymentProvider, currentVoucher, KONBINI_DAYS, konbiniOffered } from '@/features/billing/server';
import { voucherView } from '@/features/billing';
import { AuthCard } from '@/features/auth/ui';
import { stepBefore } from '@/features/signup/progress';
import type { SignUpState } from '@/features/signup/server/state';
import { STEP_LABELS } from '@/features/signup/steps';
import { SignUpProgress } from '@/features/signup/components/signup-progress';
import { SignUpStepForm } from '@/features/signup/components/signup-step-form';
import { ConsentBlock } from '@/features/consent/app';
import { stepNeedsConsent } from '@/features/consent/server';
import { EmailVerificationNotice } from '@/features/auth/app';
import { returnPathOf } from '@/features/signup/return-path';
import { formatPhoneJa } from '@/lib/phone';

const LEADS: Partial<Record<SignUpStep, string>> = {
  nickname: 'サイト内で表示されるニックネームを決めてください。',
  profile: 'お名前・生年月日・電話番号を入力してください。会員証の発行やチケットのご本人確認に使います。',
  address: 'ご住所を入力してください。会報やグッズのお届けに使います。',
  plans: 'ご希望の会員プランを選択してください。',
  payment: 'お支払い方法を選び、ご注文内容をご確認のうえ確定してください。',
};

/** One step of the sign-up flow, with its progress, its saved values and the way back. */
export async function SignUpStepPage({
  state,
  step,
  next = null,
}: {
  state: SignUpState;
  step: Exclude<SignUpStep, 'account'>;
  /** The page that made the fan join (`?next=`, checked), carried on to the following steps. */
  next?: string | null;
}) {
  const flow = state.site.config.SIGN_UP_FLOW;
  const before = stepBefore(flow, step);
  const backHref = before ? paths.signUpStep(before, next) : null;
  return (
    <AuthCard title={step === 'complete' ? '入会手続き完了' : '新規入会'} lead={LEADS[step]}>
      <SignUpProgress flow={flow} current={step} />
      {step !== 'complete' && stepNeedsConsent(state.site, step) && (
        <div className="mb-6">
          <ConsentBlock db={await getDb()} site={state.site} member={state.member} signUp />
        </div>
      )}
      {step === 'payment' && state.viewer && (
        <EmailVerificationNotice tenantId={state.site.config.TENANT_ID} viewer={state.viewer} />
      )}
      <h2 className="mb-5 text-lg font-bold">{STEP_LABELS[step]}</h2>
      <StepBody state={state} step={step} backHref={backHref} next={next} />
    </AuthCard>
  );
}

async function StepBody({
  state,
  step,
  backHref,
  next,
}: {
  state: SignUpState;
  step: Exclude<SignUpStep, 'account'>;
  backHref: string | null;
  next: string | null;
}) {
  const member = state.member;
  const db = await getDb();
  switch (step) {
    case 'nickname':
      return (
        <SignUpStepForm
          step="nickname"
          defaults={{ nickname: member?.nickname ?? '' }}
          backHref={null}
          next={next}
        />
      );
    case 'profile':
      return (
        <SignUpStepForm
          step="profile"
          backHref={backHref}
          next={next}
          defaults={{
            familyName: member?.familyName ?? '',
            givenName: member?.givenName ?? '',
            familyNameKana: member?.familyNameKana ?? '',
            givenNameKana: member?.givenNameKana ?? '',
            birthday: member?.birthday ?? '',
            phone: formatPhoneJa(member?.phone),
          }}
        />
      );
    case 'address':
      return (
        <SignUpStepForm
          step="address"
          backHref={backHref}
          next={next}
          defaults={{
            postalCode: member?.postalCode ?? '',
            ...(member?.prefecture ? { prefecture: member.prefecture as never } : {}),
            city: member?.city ?? '',
            street: member?.street ?? '',
            building: member?.building ?? '',
          }}
        />
      );
    case 'plans': {
      const plans = await listPlans(db, state.site.id);
      return (
        <SignUpStepForm
          step="plans"
          backHref={backHref}
          next={next}
          chosenPlanId={member?.chosenPlanId ?? null}
          plans={plans.map(({ id, name, interval, priceYen }) => ({ id, name, interval, priceYen }))}
        />
      );
    }
    case 'payment': {
      const plan = member?.chosenPlanId ? await findPlan(db, state.site.id, member.chosenPlanId) : null;
      if (!plan || !member) return null;
      const provider = await getPaymentProvider();
      const voucher = await currentVoucher(db, provider, member);
      const config = state.site.config;
      return (
        <>
          {backHref && (
            <p className="mb-4 text-sm">
              <Link href={backHref} className="underline underline-offset-4">
                プランを変更する
              </Link>
            </p>
          )}
          <SignUpStepForm
            step="payment"
            backHref={backHref}
            next={next}
            setup={{ kind: provider.kind, publishableKey: provider.publishableKey }}
            plan={{ id: plan.id, name: plan.name, interval: plan.interval, priceYen: plan.priceYen }}
            konbini={konbiniOffered(state.site, plan)}
            days={KONBINI_DAYS}
            cancel={{ onMyPage: config.IS_SHOW_MYPAGE_LEAVE, helpDeskHref: config.FAQ.href }}
            voucher={voucher ? voucherView(voucher) : null}
          />
        </>
      );
    }
    case 'complete':
      return <CompleteStep state={state} next={next} />;
  }
}

/**
 * The member number, a welcome, and the way on: first back to the page that made the fan join (kept with the
 * progress, or still in the address), then My page and the top page.
 */
function CompleteStep({ state, next }: { state: SignUpState; next: string | null }) {
  const member = state.member;
  const returnTo = returnPathOf(member?.signupReturnPath) ?? next;
  return (
    <div role="status" className="flex flex-col gap-6">
      <div className="rounded-lg bg-member-card p-6 text-center text-on-member-card">
        <p className="text-sm">あなたの会員番号</p>
        <p className="mt-2 text-4xl font-bold tracking-widest" data-testid="member-number">
          {member?.memberNumber ? formatMemberNumber(member.memberNumber) : '—'}
        </p>
      </div>
      <p className="text-sm leading-relaxed">
        {member?.nickname ?? ''}さん、{state.site.config.SERVICE_NAME}
        へようこそ。会員限定のコンテンツをすべてご覧いただけます。
        {'会員証はマイページでいつでも確認できます。'}
      </p>
      {returnTo && (
        // A whole page load: the item is asked for afresh, as the premium member the fan now is, not taken
        // from the router's memory of its locked rendering.
        <a href={returnTo} className={buttonClass('primary')} data-testid="return-to-item">
          元のページへ戻る
        </a>
      )}
      <Link href={paths.myPage()} className={buttonClass(returnTo ? 'secondary' : 'primary')}>
        マイページで会員証を見る
      </Link>
      <Link href={paths.home()} className={buttonClass('secondary')}>
        トップページへ
      </Link>
    </div>
  );
}
