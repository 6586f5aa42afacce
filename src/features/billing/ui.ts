// Public entry of the billing feature: React components and hooks; nothing here reaches server-only code, so client components may import it.
// Other folders import the feature only through its entries (decision 0030).

export { CardChange } from './components/card-change';
export { Checkout } from './components/checkout';
export { LeaveForm } from './components/leave-form';
export { PaymentForm, type PaymentSetup } from './components/payment-form';
