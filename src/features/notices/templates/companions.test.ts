import { describe, expect, it } from 'vitest';
import { noticeContent } from './index';

const site = { name: 'MIO FAMILY' };

describe('companion mails (issue 37)', () => {
  it('tell the invitee who, which presale, how to answer and by when; the inviter that they may name someone else', () => {
    const invited = noticeContent(
      'presale-companion-invited',
      {
        title: 'LIVE 2027',
        inviter: 'みお推し',
        tickets: 2,
        answerBy: '2026-12-08T14:59:00.000Z',
        path: '/ticket/item-1',
      },
      site,
    );
    const text = invited.paragraphs.join('\n');
    expect(invited.subject).toBe('【同行のご依頼】LIVE 2027');
    expect(text).toContain('みお推しさんから、「LIVE 2027」');
    expect(text).toContain('2026年12月8日(火) 23:59');
    expect(text).toMatch(/承認する[\s\S]*お断りする[\s\S]*この会員からの同行依頼を今後受け取らない/);
    expect(invited.action).toEqual({ label: 'ご依頼に回答する', path: '/ticket/item-1' });
    const withdrawn = noticeContent(
      'presale-companion-withdrawn',
      {
        title: 'LIVE 2027',
        receiptNo: 'AB12-CD34',
        companionNumber: 13,
        closesAt: '2026-12-08T14:59:00.000Z',
        path: '/ticket/item-1',
      },
      site,
    );
    expect(withdrawn.paragraphs.join('\n')).toMatch(
      /会員番号 13 の方が、ご自身でお申し込み[\s\S]*別の同行者を指定できます/,
    );
  });
});
