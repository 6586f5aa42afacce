import { describe, expect, it } from 'vitest';
import { chargeSandboxCard } from '@/server/payments/sandbox-cards';
import { CardError } from '@/server/payments/types';

const now = new Date('2026-11-22T00:00:00Z');
const card = (number: string, expMonth = 12, expYear = 2030, cvc = '123') => ({
  number,
  expMonth,
  expYear,
  cvc,
});

function refusal(input: ReturnType<typeof card>) {
  try {
    chargeSandboxCard(input, now);
  } catch (error) {
    if (error instanceof CardError) return [error.code, error.declineCode];
    throw error;
  }
  return null;
}

describe('the sandbox answers cards like Stripe test mode', () => {
  it('accepts 4242 4242 4242 4242 and reports brand and last four digits', () => {
    expect(chargeSandboxCard(card('4242 4242 4242 4242'), now)).toEqual({
      brand: 'Visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
  });

  it("declines Stripe's decline test cards with Stripe's codes", () => {
    expect(refusal(card('4000000000000002'))).toEqual(['card_declined', 'generic_decline']);
    expect(refusal(card('4000000000009995'))).toEqual(['card_declined', 'insufficient_funds']);
    expect(refusal(card('4000000000000069'))).toEqual(['expired_card', null]);
  });

  it('refuses a wrong check digit, a past expiry, a short CVC and a real card number', () => {
    expect(refusal(card('4242424242424241'))).toEqual(['incorrect_number', null]);
    expect(refusal(card('4242424242424242', 10, 2026))).toEqual(['expired_card', null]);
    expect(refusal(card('4242424242424242', 12, 2030, '12'))).toEqual(['incorrect_cvc', null]);
    // A Luhn-valid number that is not one of Stripe's test cards.
    expect(refusal(card('4111111111111111'))).toEqual(['card_declined', 'test_mode_live_card']);
  });

  it('accepts a card until the end of its expiry month', () => {
    expect(() => chargeSandboxCard(card('4242424242424242', 11, 2026), now)).not.toThrow();
  });
});
