import { describe, expect, it } from 'vitest';
import { membershipStatus } from '@/features/membership/status';

const now = new Date('2026-11-22T12:00:00Z');
const before = new Date('2026-11-22T11:59:59Z');
const after = new Date('2026-11-22T12:00:01Z');
const none = { subscriptions: [], grants: [] };

describe('membershipStatus', () => {
  it('is guest with nothing, or with subscriptions that never started or stopped being paid', () => {
    expect(membershipStatus(none, now)).toBe('guest');
    for (const status of ['incomplete', 'incomplete_expired', 'past_due', 'unpaid']) {
      expect(membershipStatus({ ...none, subscriptions: [{ status, currentPeriodEnd: after }] }, now)).toBe(
        'guest',
      );
    }
  });

  it('is premium while a subscription is active or trialing', () => {
    for (const status of ['active', 'trialing']) {
      expect(membershipStatus({ ...none, subscriptions: [{ status, currentPeriodEnd: after }] }, now)).toBe(
        'premium',
      );
    }
  });

  it('stays premium after cancelling until the paid period ends, then is guest', () => {
    const cancelled = (end: Date | null) => ({
      ...none,
      subscriptions: [{ status: 'canceled', currentPeriodEnd: end }],
    });
    expect(membershipStatus(cancelled(after), now)).toBe('premium');
    expect(membershipStatus(cancelled(now), now)).toBe('guest');
    expect(membershipStatus(cancelled(before), now)).toBe('guest');
    expect(membershipStatus(cancelled(null), now)).toBe('guest');
  });

  it('ends a cancelling subscription at its period end even before the provider reports it ended', () => {
    const leaving = (end: Date) => ({
      ...none,
      subscriptions: [{ status: 'active', currentPeriodEnd: end, cancelAtPeriodEnd: true }],
    });
    expect(membershipStatus(leaving(after), now)).toBe('premium');
    expect(membershipStatus(leaving(now), now)).toBe('guest');
    expect(membershipStatus(leaving(before), now)).toBe('guest');
    // Without a cancellation, a late renewal event does not cut a paying member off.
    expect(
      membershipStatus({ ...none, subscriptions: [{ status: 'active', currentPeriodEnd: before }] }, now),
    ).toBe('premium');
  });

  it('is premium during a staff grant, not after its end nor once revoked', () => {
    expect(membershipStatus({ ...none, grants: [{ endsAt: after, revokedAt: null }] }, now)).toBe('premium');
    expect(membershipStatus({ ...none, grants: [{ endsAt: now, revokedAt: null }] }, now)).toBe('guest');
    expect(membershipStatus({ ...none, grants: [{ endsAt: after, revokedAt: before }] }, now)).toBe('guest');
  });

  it('any one reason is enough', () => {
    const facts = {
      subscriptions: [{ status: 'canceled', currentPeriodEnd: before }],
      grants: [{ endsAt: after, revokedAt: null }],
    };
    expect(membershipStatus(facts, now)).toBe('premium');
  });
});
