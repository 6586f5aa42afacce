import { checkCode } from '@/features/tickets/code/check';
import { REFUSALS, type RefusalReason } from '@/features/tickets/code/reasons';
import type { DoorResult, DoorRoster } from '@/features/tickets/types';
import { loadUsed } from './store';
import { browserCheck } from './verify';

const checks = new WeakMap<DoorRoster, ReturnType<typeof browserCheck>>();

export type LocalVerdict =
  { ok: false; result: DoorResult } | { ok: true; kind: 'ticket' | 'card'; result: DoorResult };

const refused = (
  clientScanId: string,
  reason: RefusalReason,
  extra: Partial<DoorResult> = {},
): LocalVerdict => ({
  ok: false,
  result: { clientScanId, outcome: 'refused', reason, message: REFUSALS[reason], ...extra },
});

/**
 * The door's own check, before (or without) the server: signature with the site's public key, the code's window by
 * this device's clock, the performance, and the roster's holder, state and what this device already admitted.
 */
export async function checkOnDevice(
  roster: DoorRoster,
  text: string,
  clientScanId: string,
  nowMs = Date.now(),
): Promise<LocalVerdict> {
  let verify = checks.get(roster);
  if (!verify) {
    verify = browserCheck(roster.keys);
    checks.set(roster, verify);
  }
  const checked = await checkCode(text, {
    siteTag: roster.siteTag,
    performanceTag: roster.performanceTag,
    nowSeconds: Math.floor(nowMs / 1000),
    verify,
  });
  if (!checked.ok) return refused(clientScanId, checked.reason);
  const code = checked.code;
  const number = String(code.memberNumber).padStart(6, '0');
  if (code.kind === 'card') {
    return {
      ok: true,
      kind: 'card',
      result: {
        clientScanId,
        outcome: 'member',
        message: '会員証の署名を確認しました。',
        memberNumber: number,
      },
    };
  }
  const ticket = roster.tickets.find((item) => item.id === code.subjectId);
  if (!ticket) return refused(clientScanId, 'unknown', { memberNumber: number });
  const who = {
    holderName: ticket.holderName,
    memberNumber: number,
    seat: ticket.seat,
    ...(ticket.access ? { access: ticket.access } : {}),
  };
  if (ticket.holderVersion !== code.holderVersion || ticket.memberNumber !== code.memberNumber) {
    return refused(clientScanId, 'moved', who);
  }
  if (ticket.state === 'cancelled') return refused(clientScanId, 'cancelled', who);
  if (ticket.state === 'used' || loadUsed(roster.performanceId).has(ticket.id)) {
    return refused(clientScanId, 'used', who);
  }
  return {
    ok: true,
    kind: 'ticket',
    result: { clientScanId, outcome: 'admitted', message: '入場できます。', ...who },
  };
}
