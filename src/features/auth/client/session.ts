import type { User } from 'firebase/auth';
import { SESSION_API } from '@/features/auth/config';

/** Talks to app/[host]/api/session: the server's own session, opened from a provider ID token. */

export class SessionError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SessionError';
  }
}

async function errorOf(response: Response): Promise<SessionError> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  return new SessionError(response.status, body?.error?.message ?? 'ログインできませんでした。');
}

/** A fresh server session for this user; the previous one of this browser is ended. */
export async function startServerSession(user: User, forceRefresh = false): Promise<void> {
  const idToken = await user.getIdToken(forceRefresh);
  const response = await fetch(SESSION_API, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ idToken }),
    cache: 'no-store',
  });
  if (!response.ok) throw await errorOf(response);
}

/** On page load with a remembered user: opens a server session only if the browser has none for this user. */
export async function ensureServerSession(user: User): Promise<void> {
  const response = await fetch(SESSION_API, { cache: 'no-store' });
  if (response.ok) {
    const body = (await response.json()) as { uid?: string };
    if (body.uid === user.uid) return;
  }
  await startServerSession(user);
}

/** Sign-out on the server: every session of this user on this site ends. A missing session is fine. */
export async function endServerSession(): Promise<void> {
  await fetch(SESSION_API, { method: 'DELETE', cache: 'no-store' }).catch(() => {});
}
