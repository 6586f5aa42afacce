import { describe, expect, it } from 'vitest';
import {
  addJstDays,
  atJstTime,
  endOfJapanDay,
  formatDateJa,
  formatInJapan,
  jstDateTimeText,
  jstDay,
  parseJstDay,
  parseJstLocal,
  toJstLocalInput,
} from '@/lib/dates';

describe('Japan time', () => {
  it('reads a datetime-local value as Japan time', () => {
    expect(parseJstLocal('2026-12-01T18:00').toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(parseJstLocal('2026-12-01T18:00')).toBeInstanceOf(Date);
    expect(parseJstLocal('2026-12-01T18:00').constructor).toBe(Date);
  });

  it('reads a time just after midnight in Japan as the previous UTC day', () => {
    expect(parseJstLocal('2026-12-01T00:30').toISOString()).toBe('2026-11-30T15:30:00.000Z');
    expect(parseJstLocal('2026-12-01T08:59').toISOString()).toBe('2026-11-30T23:59:00.000Z');
    expect(parseJstLocal('2026-12-01T09:00').toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('reads across month and year boundaries', () => {
    expect(parseJstLocal('2026-12-01T00:00').toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(parseJstLocal('2027-01-01T00:00').toISOString()).toBe('2026-12-31T15:00:00.000Z');
    expect(parseJstLocal('2028-03-01T05:00').toISOString()).toBe('2028-02-29T20:00:00.000Z');
  });

  it('gives an Invalid Date for another form or a time that does not exist', () => {
    for (const value of [
      '2026-12-01 18:00',
      '2026-12-01T18:00:00',
      '2026-13-01T10:00',
      '2026-02-30T10:00',
      '2026-12-01T18:60',
      '',
    ]) {
      expect(Number.isNaN(parseJstLocal(value).getTime()), value).toBe(true);
    }
  });

  it('reads a Japan calendar day as its midnight in Japan', () => {
    expect(parseJstDay('2026-12-01').toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(parseJstDay('2026-02-29').getTime()).toBeNaN();
    expect(parseJstDay('2026-12-01T00:00').getTime()).toBeNaN();
  });

  it('writes an instant as a datetime-local value in Japan time (the inverse of parseJstLocal)', () => {
    expect(toJstLocalInput(new Date('2026-11-30T15:30:00Z'))).toBe('2026-12-01T00:30');
    expect(toJstLocalInput(new Date('2026-11-30T14:59:59Z'))).toBe('2026-11-30T23:59');
    expect(toJstLocalInput('2026-12-31T15:00:00.000Z')).toBe('2027-01-01T00:00');
    for (const value of ['2026-12-01T18:00', '2026-12-01T00:00', '2027-01-01T08:59']) {
      expect(toJstLocalInput(parseJstLocal(value))).toBe(value);
    }
  });

  it('names the Japan day and time of an instant near midnight UTC and JST', () => {
    expect(jstDay(new Date('2026-11-30T14:59:59.999Z'))).toBe('2026-11-30');
    expect(jstDay(new Date('2026-11-30T15:00:00Z'))).toBe('2026-12-01');
    expect(jstDay(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12-01');
    expect(jstDateTimeText(new Date('2026-11-30T15:00:05Z'))).toBe('2026-12-01 00:00:05');
    expect(jstDateTimeText(new Date('2026-12-31T23:59:59Z'))).toBe('2027-01-01 08:59:59');
  });

  it('keeps the old hand arithmetic results', () => {
    const old = (date: Date) => new Date(date.getTime() + 9 * 3_600_000).toISOString();
    for (let t = Date.UTC(2026, 10, 30, 12); t < Date.UTC(2026, 11, 1, 18); t += 17 * 60_000 + 1234) {
      const date = new Date(t);
      expect(toJstLocalInput(date)).toBe(old(date).slice(0, 16));
      expect(jstDay(date)).toBe(old(date).slice(0, 10));
      expect(jstDateTimeText(date)).toBe(old(date).slice(0, 19).replace('T', ' '));
      expect(parseJstLocal(toJstLocalInput(date)).getTime()).toBe(
        new Date(`${toJstLocalInput(date)}:00+09:00`).getTime(),
      );
    }
  });

  it('moves by Japan calendar days and finds the end of a Japan day', () => {
    expect(addJstDays(new Date('2026-11-30T15:30:00Z'), 1).toISOString()).toBe('2026-12-01T15:30:00.000Z');
    expect(endOfJapanDay(new Date('2026-11-30T14:59:59Z')).toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(endOfJapanDay(new Date('2026-11-30T15:00:00Z')).toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(endOfJapanDay(new Date('2026-12-31T20:00:00Z')).toISOString()).toBe('2027-01-01T15:00:00.000Z');
    expect(endOfJapanDay(new Date('2026-12-31T20:00:00Z')).constructor).toBe(Date);
  });

  it('sets a Japan wall-clock time on the Japan day of an instant', () => {
    expect(atJstTime(new Date('2026-11-30T15:30:00Z'), 23, 59, 59).toISOString()).toBe(
      '2026-12-01T14:59:59.000Z',
    );
    expect(atJstTime(new Date('2026-11-30T14:30:00.250Z'), 18, 0).toISOString()).toBe(
      '2026-11-30T09:00:00.000Z',
    );
  });

  it('formats a Japanese date in Japan time', () => {
    expect(formatDateJa('2026-11-30T15:00:00Z')).toBe('2026年12月1日');
    expect(formatDateJa(parseJstDay('2026-12-01'))).toBe('2026年12月1日');
  });
});

describe('formatInJapan', () => {
  it('formats by a pattern in Japan time, as the Intl formats it replaced', () => {
    const date = new Date('2026-11-30T15:04:05Z');
    expect(formatInJapan(date, 'yyyy/MM/dd HH:mm')).toBe('2026/12/01 00:04');
    expect(formatInJapan(date, 'yyyy-MM-dd HH:mm')).toBe('2026-12-01 00:04');
    for (let t = Date.UTC(2026, 10, 30, 12); t < Date.UTC(2026, 11, 1, 18); t += 23 * 60_000 + 777) {
      const at = new Date(t);
      const sv = new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Asia/Tokyo',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
      expect(formatInJapan(at, 'yyyy-MM-dd HH:mm')).toBe(sv.format(at));
      expect(toJstLocalInput(at)).toBe(sv.format(at).replace(' ', 'T'));
    }
  });
});
