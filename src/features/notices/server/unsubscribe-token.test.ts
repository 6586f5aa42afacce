import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

const SECRET = 'a-notice-token-secret-of-at-least-32-characters';
const MEMBER = '0b9b3c1e-8a7e-4c3f-9d35-2f1a7c3e5b11';
const OTHER = '7d0c2f44-1e6b-4a55-8f0e-9a3b6c2d1e00';

describe('unsubscribe tokens', () => {
  it('name the member and topic they were made for', () => {
    const token = unsubscribeToken(MEMBER, 'announcements', SECRET);
    expect(readUnsubscribeToken(token, SECRET)).toEqual({ memberId: MEMBER, topic: 'announcements' });
  });

  it('refuse another member, another topic, another secret or a broken token', () => {
    const token = unsubscribeToken(MEMBER, 'announcements', SECRET);
    const signature = token.split('.')[2]!;
    expect(readUnsubscribeToken(`${OTHER}.announcements.${signature}`, SECRET)).toBeNull();
    expect(readUnsubscribeToken(`${MEMBER}.reminders.${signature}`, SECRET)).toBeNull();
    expect(readUnsubscribeToken(token, `${SECRET}-other`)).toBeNull();
    expect(readUnsubscribeToken(token.slice(0, -2), SECRET)).toBeNull();
    expect(readUnsubscribeToken('', SECRET)).toBeNull();
  });
});
