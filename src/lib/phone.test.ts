import { describe, expect, it } from 'vitest';
import { formatPhoneJa } from '@/lib/phone';

describe('formatPhoneJa: a stored phone number as a fan or staff member reads it', () => {
  it('groups mobile, Tokyo, local and free-dial numbers as Japanese numbers are written', () => {
    expect(formatPhoneJa('09012345678')).toBe('090-1234-5678');
    expect(formatPhoneJa('0312345678')).toBe('03-1234-5678');
    expect(formatPhoneJa('0466123456')).toBe('0466-12-3456');
    expect(formatPhoneJa('0120123456')).toBe('0120-123-456');
  });

  it('leaves an already grouped or unreadable value as it is, and nothing as empty', () => {
    expect(formatPhoneJa('03-1234-5678')).toBe('03-1234-5678');
    expect(formatPhoneJa('12')).toBe('12');
    expect(formatPhoneJa(null)).toBe('');
  });
});
