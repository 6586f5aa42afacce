import { describe, expect, it } from 'vitest';
import { noticeContent } from './index';

const site = { name: 'MIO FAMILY' };

describe('money and ticket mails (issue 22, 23)', () => {
  it('a paid period links its receipt; the konbini voucher says its number and deadline', () => {
    const paid = noticeContent(
      'payment-succeeded',
      { planName: '年額会員', amountYen: 5500, paidUntil: null, receiptId: 'period-1767225600000' },
      site,
    );
    expect(paid.action).toEqual({
      label: '領収書を見る',
      path: '/mypage/payments/period-1767225600000/receipt',
    });
    const voucher = noticeContent(
      'konbini-voucher',
      {
        purpose: 'チケット代金',
        amountYen: 17600,
        paymentNumber: '12345678901',
        confirmationNumber: '123456',
        expiresAt: '2026-12-13T14:59:59.000Z',
      },
      site,
    );
    expect(voucher.paragraphs.join('\n')).toMatch(/お支払い番号: 12345678901[\s\S]*確認番号: 123456/);
    expect(voucher.paragraphs.join('\n')).toContain('2026年12月13日(日) 23:59');
  });

  it('a win tells the choice, the seats, the amount and how and by when to pay; the companion is not asked to pay', () => {
    const data = {
      title: 'LIVE 2027',
      receiptNo: 'AB12-CD34',
      rank: 2,
      performance: '2/1(日) 18:00 Zepp Haneda',
      seatType: '指定席',
      tickets: 2,
      amountYen: 17600,
      method: 'konbini' as const,
      payBy: '2026-12-13T14:59:59.000Z',
      companion: false,
    };
    const text = noticeContent('presale-won', data, site).paragraphs.join('\n');
    expect(text).toContain('当選: 第2希望 2/1(日) 18:00 Zepp Haneda 指定席 2枚');
    expect(text).toContain('お支払い金額: 17,600円（税込）');
    expect(text).toContain('お支払い期限: 2026年12月13日(日) 23:59');
    const companion = noticeContent('presale-won', { ...data, companion: true }, site).paragraphs.join('\n');
    expect(companion).not.toContain('17,600円');
    expect(
      noticeContent('presale-paid', { ...data, method: 'card', paymentId: 'p1' }, site).action?.path,
    ).toBe('/mypage/payments/p1/receipt');
  });
});
