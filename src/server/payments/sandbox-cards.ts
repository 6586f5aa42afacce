import { CardError, type CardSummary, type SandboxCardInput } from '@/server/payments/types';

/**
 * The sandbox answers cards the way Stripe's test mode does, for Stripe's published test numbers
 * (https://docs.stripe.com/testing). Any other number is refused as Stripe's test mode refuses a real card.
 */
const TEST_CARDS: Record<string, { brand: string; declineCode?: string; code?: string }> = {
  '4242424242424242': { brand: 'Visa' },
  '4000056655665556': { brand: 'Visa' },
  '5555555555554444': { brand: 'Mastercard' },
  '2223003122003222': { brand: 'Mastercard' },
  '378282246310005': { brand: 'American Express' },
  '3566002020360505': { brand: 'JCB' },
  // Attaches, but every later charge of it fails (sandbox-charges.ts): a presale win's card that cannot be charged.
  '4000000000000341': { brand: 'Visa' },
  // Attaches, but every off-session charge asks for 3-D Secure (Stripe's "always authenticate" card; sandbox-charges.ts).
  '4000002760003184': { brand: 'Visa' },
  '4000000000000002': { brand: 'Visa', code: 'card_declined', declineCode: 'generic_decline' },
  '4000000000009995': { brand: 'Visa', code: 'card_declined', declineCode: 'insufficient_funds' },
  '4000000000009987': { brand: 'Visa', code: 'card_declined', declineCode: 'lost_card' },
  '4000000000009979': { brand: 'Visa', code: 'card_declined', declineCode: 'stolen_card' },
  '4000000000000069': { brand: 'Visa', code: 'expired_card' },
  '4000000000000127': { brand: 'Visa', code: 'incorrect_cvc' },
  '4000000000000119': { brand: 'Visa', code: 'processing_error' },
};

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card's summary if the sandbox accepts it now; otherwise a `CardError` with Stripe's codes. */
export function chargeSandboxCard(card: SandboxCardInput, now: Date): CardSummary {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) throw new CardError('incorrect_number');
  const endOfExpiryMonth = new Date(Date.UTC(card.expYear, card.expMonth, 1));
  if (card.expMonth < 1 || card.expMonth > 12 || endOfExpiryMonth <= now) throw new CardError('expired_card');
  if (!/^\d{3,4}$/.test(card.cvc)) throw new CardError('incorrect_cvc');
  const known = TEST_CARDS[digits];
  if (!known) throw new CardError('card_declined', 'test_mode_live_card');
  if (known.code) throw new CardError(known.code, known.declineCode ?? null);
  return { brand: known.brand, last4: digits.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
}
