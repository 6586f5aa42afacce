import type { SignUpStep } from '@/features/site';

export const STEP_LABELS: Record<SignUpStep, string> = {
  account: 'アカウント',
  nickname: 'ニックネーム',
  profile: 'プロフィール',
  address: '住所',
  plans: 'プラン',
  payment: 'お支払い',
  complete: '完了',
};

export const signUpApi = (step: SignUpStep) => `/api/signup/${step}`;
