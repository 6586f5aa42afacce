import { describe, expect, it } from 'vitest';
import { checkCode } from '@/features/tickets/code/check';
import { fromBase64Url, tagOf, toBase64Url, WINDOW_SECONDS } from '@/features/tickets/code/format';
import { browserCheck } from '@/features/tickets/door/verify';
import { aheadWindow, aheadWindows, isAheadDay, offlineKeyOf, signAhead } from './ahead';
import { publicKeysOf } from './keys';

const SECRET = 'a-ticket-signing-secret-of-at-least-32-characters';
const SITE = '0b1e9c0a-1111-4a2b-8c3d-000000000001';
const TICKET = '5a5a5a5a-3333-4a2b-8c3d-0000000000aa';
const PERFORMANCE = 'c0ffee00-4444-4a2b-8c3d-0000000000bb';
// 開場 17:00, 開演 18:00 Japan time on 2027-01-15: codes are signed ahead from 17:00 to 19:00.
const SHOW = { doorsAt: new Date('2027-01-15T08:00:00Z'), startsAt: new Date('2027-01-15T09:00:00Z') };
const MORNING = new Date('2027-01-15T00:30:00Z'); // 09:30 that day in Japan, no signal at the arena later

const subject = {
  kind: 'ticket' as const,
  subjectId: TICKET,
  performanceTag: tagOf(PERFORMANCE),
  memberNumber: 4321,
  holderVersion: 1,
};

/** The door's own check, as its page runs it offline: WebCrypto with the roster's public keys, its clock. */
const atDoor = (code: string, at: Date, performance = PERFORMANCE) =>
  checkCode(code, {
    siteTag: tagOf(SITE),
    performanceTag: tagOf(performance),
    nowSeconds: Math.floor(at.getTime() / 1000),
    verify: browserCheck(publicKeysOf(SITE, SECRET)),
  });

/** The code a phone shows at `at`: the one of the window that holds it. */
function shownAt(windows: number[], codes: string[], at: Date): string {
  const seconds = at.getTime() / 1000;
  const index = windows.findIndex((start) => seconds >= start && seconds < start + WINDOW_SECONDS);
  expect(index, `a code is kept for ${at.toISOString()}`).toBeGreaterThanOrEqual(0);
  return codes[index]!;
}

describe('codes signed ahead for the door window', () => {
  const window = aheadWindow(SHOW);
  const windows = aheadWindows(window, MORNING);
  const codes = signAhead(SITE, subject, windows, SECRET);

  it('cover the opening time to an hour after the start, only on the day', () => {
    expect(window).toEqual({ from: SHOW.doorsAt, until: new Date('2027-01-15T10:00:00Z') });
    expect(windows[0]).toBe(SHOW.doorsAt.getTime() / 1000);
    expect(windows).toHaveLength((2 * 3_600) / WINDOW_SECONDS);
    expect(isAheadDay(SHOW, MORNING)).toBe(true);
    // The evening before (Japan time) and after the window has ended: nothing is signed ahead.
    expect(isAheadDay(SHOW, new Date('2027-01-14T14:59:00Z'))).toBe(false);
    expect(isAheadDay(SHOW, new Date('2027-01-15T10:00:00Z'))).toBe(false);
    // Asked during the window: from the current window on, never the past ones.
    expect(aheadWindows(window, new Date('2027-01-15T09:30:10Z'))[0]).toBe(
      new Date('2027-01-15T09:30:00Z').getTime() / 1000,
    );
    // No opening time set: from the start.
    expect(aheadWindow({ startsAt: SHOW.startsAt, doorsAt: null }).from).toEqual(SHOW.startsAt);
  });

  it('are accepted by the door inside the window, each in its own 30 seconds', async () => {
    for (const at of ['2027-01-15T08:00:05Z', '2027-01-15T09:00:00Z', '2027-01-15T09:59:50Z']) {
      const result = await atDoor(shownAt(windows, codes, new Date(at)), new Date(at));
      expect(result, at).toMatchObject({ ok: true, code: { subjectId: TICKET, memberNumber: 4321 } });
    }
  });

  it('are refused outside it: before the opening, after the window, or shown later than their 30 seconds', async () => {
    // The phone holds no code for a moment outside the window: whatever it shows then is an old one.
    const held = (at: string) =>
      windows.some(
        (start) => start * 1000 <= Date.parse(at) && Date.parse(at) < (start + WINDOW_SECONDS) * 1000,
      );
    expect(held('2027-01-15T07:59:59Z')).toBe(false);
    expect(held('2027-01-15T10:00:00Z')).toBe(false);
    expect((await atDoor(codes[0]!, new Date('2027-01-15T07:59:00Z'))).ok).toBe(false);
    expect(await atDoor(codes.at(-1)!, new Date('2027-01-15T10:01:00Z'))).toEqual({
      ok: false,
      reason: 'expired',
    });
    // A code copied at 17:00 and shown at 18:00: its own window is long over.
    expect(await atDoor(codes[0]!, new Date('2027-01-15T09:00:00Z'))).toEqual({
      ok: false,
      reason: 'expired',
    });
    // Another performance's door.
    expect(
      await atDoor(
        shownAt(windows, codes, SHOW.startsAt),
        SHOW.startsAt,
        '0b0b0b0b-5555-4a2b-8c3d-0000000000cc',
      ),
    ).toEqual({ ok: false, reason: 'another-performance' });
  });

  it('are refused when changed: a later window, another ticket, a bit of the signature', async () => {
    const at = new Date('2027-01-15T09:59:50Z');
    const early = fromBase64Url(codes[0]!)!;
    const moved = early.slice();
    new DataView(moved.buffer).setUint32(40, windows.at(-1)!);
    expect(await atDoor(toBase64Url(moved), at)).toEqual({ ok: false, reason: 'forged' });
    const other = early.slice();
    other[20]! ^= 0x01;
    expect(await atDoor(toBase64Url(other), new Date('2027-01-15T08:00:05Z'))).toEqual({
      ok: false,
      reason: 'forged',
    });
    const signature = early.slice();
    signature[100]! ^= 0x80;
    expect(await atDoor(toBase64Url(signature), new Date('2027-01-15T08:00:05Z'))).toEqual({
      ok: false,
      reason: 'forged',
    });
  });

  it('are kept on the phone under a name that is the account’s alone and says nothing of it', () => {
    const key = offlineKeyOf(SITE, 'uid-a', SECRET);
    expect(key).toMatch(/^[\w-]{24}$/);
    expect(offlineKeyOf(SITE, 'uid-a', SECRET)).toBe(key);
    expect(offlineKeyOf(SITE, 'uid-b', SECRET)).not.toBe(key);
    expect(offlineKeyOf('7f00aa00-2222-4a2b-8c3d-000000000002', 'uid-a', SECRET)).not.toBe(key);
    expect(key).not.toContain('uid');
  });
});
