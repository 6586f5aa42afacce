import { describe, expect, it } from 'vitest';
import { invoiceCheckDigit, isInvoiceRegistrationNumber } from '@/features/site/invoice-number';

describe('適格請求書発行事業者の登録番号', () => {
  it('computes the 法人番号 check digit of published numbers', () => {
    // 国税庁 (7000012050002) and トヨタ自動車 (1180301018771), as the 法人番号公表サイト lists them.
    expect(invoiceCheckDigit('000012050002')).toBe(7);
    expect(invoiceCheckDigit('180301018771')).toBe(1);
  });

  it('accepts T and 13 digits with the right check digit', () => {
    expect(isInvoiceRegistrationNumber('T7000012050002')).toBe(true);
    expect(isInvoiceRegistrationNumber('T1180301018771')).toBe(true);
    // The demo site's number (demo/sites/mio.json).
    expect(isInvoiceRegistrationNumber('T5011001099999')).toBe(true);
  });

  it('refuses a wrong check digit, swapped digits and anything not T + 13 digits', () => {
    expect(isInvoiceRegistrationNumber('T8000012050002')).toBe(false);
    expect(isInvoiceRegistrationNumber('T7000012500002')).toBe(false);
    expect(isInvoiceRegistrationNumber('7000012050002')).toBe(false);
    expect(isInvoiceRegistrationNumber('t7000012050002')).toBe(false);
    expect(isInvoiceRegistrationNumber('T700001205000')).toBe(false);
    expect(isInvoiceRegistrationNumber('T70000120500021')).toBe(false);
    expect(isInvoiceRegistrationNumber('T７000012050002')).toBe(false);
    expect(isInvoiceRegistrationNumber('T 7000012050002')).toBe(false);
  });
});
