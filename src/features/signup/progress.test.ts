import { describe, expect, it } from 'vitest';
import type { SignUpStep } from '@/features/site';
import { firstUnfinishedStep, resolveSignUpStep, stepAfter, stepBefore } from '@/features/signup/progress';

const flow: SignUpStep[] = ['account', 'nickname', 'profile', 'address', 'plans', 'payment', 'complete'];
const blank = {
  signedIn: true,
  nickname: null,
  hasProfile: false,
  hasAddress: false,
  chosenPlanId: null,
  premium: false,
};
const upToAddress = { ...blank, nickname: 'ミオ推し', hasProfile: true, hasAddress: true };

describe('sign-up progress', () => {
  it('resumes at the first unfinished step, in the flow order', () => {
    expect(firstUnfinishedStep(flow, { ...blank, signedIn: false })).toBe('account');
    expect(firstUnfinishedStep(flow, blank)).toBe('nickname');
    expect(firstUnfinishedStep(flow, { ...blank, nickname: 'x' })).toBe('profile');
    expect(firstUnfinishedStep(flow, upToAddress)).toBe('plans');
    expect(firstUnfinishedStep(flow, { ...upToAddress, chosenPlanId: 'p' })).toBe('payment');
    expect(firstUnfinishedStep(flow, { ...upToAddress, chosenPlanId: 'p', premium: true })).toBe('complete');
  });

  it('does not count a later step as a reason to skip an earlier one', () => {
    expect(firstUnfinishedStep(flow, { ...blank, hasAddress: true, chosenPlanId: 'p' })).toBe('nickname');
  });

  it('sends a request for a later step back to the first unfinished one, and keeps earlier ones open', () => {
    expect(resolveSignUpStep(flow, blank, 'payment')).toBe('nickname');
    expect(resolveSignUpStep(flow, blank, 'complete')).toBe('nickname');
    expect(resolveSignUpStep(flow, upToAddress, 'payment')).toBe('plans');
    expect(resolveSignUpStep(flow, upToAddress, 'nickname')).toBe('nickname');
    expect(resolveSignUpStep(flow, upToAddress, 'plans')).toBe('plans');
  });

  it('leads a paid member to complete from every step', () => {
    const paid = { ...upToAddress, chosenPlanId: 'p', premium: true };
    for (const step of flow) expect(resolveSignUpStep(flow, paid, step)).toBe('complete');
  });

  it('follows a site whose flow leaves steps out', () => {
    const short: SignUpStep[] = ['account', 'nickname', 'plans', 'payment', 'complete'];
    expect(firstUnfinishedStep(short, { ...blank, nickname: 'x' })).toBe('plans');
    expect(resolveSignUpStep(short, { ...blank, nickname: 'x' }, 'address')).toBe('plans');
    expect(stepAfter(short, 'nickname')).toBe('plans');
    expect(stepBefore(short, 'nickname')).toBeNull();
    expect(stepBefore(short, 'plans')).toBe('nickname');
  });
});
