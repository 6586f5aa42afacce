import type { DoorResult, DoorRoster, DoorScan } from '@/features/tickets/types';

/**
 * What the door keeps on the device (localStorage), so that it checks offline and nothing is lost on a reload: the
 * roster of the performance, the tickets this device admitted, and the scans still to send.
 */
const key = (performanceId: string, part: 'roster' | 'used' | 'queue' | 'flags') =>
  `door:${performanceId}:${part}`;

function read<T>(name: string, fallback: T): T {
  try {
    const text = localStorage.getItem(name);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}
const write = (name: string, value: unknown) => localStorage.setItem(name, JSON.stringify(value));

export const loadRoster = (performanceId: string) =>
  read<DoorRoster | null>(key(performanceId, 'roster'), null);
export const saveRoster = (roster: DoorRoster) => write(key(roster.performanceId, 'roster'), roster);

/** Ticket ids this device admitted (online or not): a second scan here is refused at once, even offline. */
export const loadUsed = (performanceId: string) => new Set(read<string[]>(key(performanceId, 'used'), []));
export function markUsed(performanceId: string, ticketId: string): void {
  const used = loadUsed(performanceId);
  used.add(ticketId);
  write(key(performanceId, 'used'), [...used]);
}

export const loadQueue = (performanceId: string) => read<DoorScan[]>(key(performanceId, 'queue'), []);
export const saveQueue = (performanceId: string, queue: DoorScan[]) =>
  write(key(performanceId, 'queue'), queue);

/** Scans the server flagged on sync (a ticket admitted twice while offline), for staff to follow up. */
export const loadFlags = (performanceId: string) => read<DoorResult[]>(key(performanceId, 'flags'), []);
export const saveFlags = (performanceId: string, flags: DoorResult[]) =>
  write(key(performanceId, 'flags'), flags);
