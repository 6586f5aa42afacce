import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { createTestDb } from '@/test/db';
import { demoSiteFile } from '@/test/site-fixtures';
import { members, notices, noticePreferences, staffMembers } from '@/server/db/schema';
import { upsertSite, type Site } from '@/features/site/server';
import { ensureMember } from '@/features/membership/server';
import { deliverDue } from './deliver';
import { smtpMailer, type Mailer } from './mailer';
import { notify, notifyOwners } from './notify';

/**
 * The worker against a real SMTP server in this process (smtp-server): the first delivery is refused, the retry goes
 * once; an opted-out member's announcement stays in the inbox and is not mailed; an unreachable server loses nothing.
 */
let handle: Awaited<ReturnType<typeof createTestDb>>;
let site: Site;
let server: SMTPServer;
let mailer: Mailer;
let refuseNext = 0;
const received: { to: string; raw: string }[] = [];

beforeAll(async () => {
  handle = await createTestDb();
  site = (await upsertSite(handle.db, demoSiteFile('mio'))).site;
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuseNext > 0) {
          refuseNext--;
          return callback(Object.assign(new Error('Temporary failure'), { responseCode: 451 }));
        }
        received.push({ to: session.envelope.rcptTo[0]!.address, raw: Buffer.concat(chunks).toString() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  mailer = smtpMailer(`smtp://127.0.0.1:${port}`, { timeoutMs: 2_000, connections: 1 });
});
afterAll(async () => {
  mailer?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await handle?.drop();
});

async function member(uid: string) {
  const row = await ensureMember(handle.db, site.id, uid);
  await handle.db
    .update(members)
    .set({ email: `${uid}@example.com` })
    .where(eq(members.id, row.id));
  return row;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
}

/** Makes a retried row due now (the worker would wait out its backoff). */
const dueNow = () => handle.db.update(notices).set({ mailDueAt: new Date(0) });

describe('mail delivery', () => {
  it('a mail the server refused is sent on the retry, once', async () => {
    const fan = await member('retried');
    await notify(handle.db, {
      siteId: site.id,
      memberId: fan.id,
      kind: 'announcement',
      key: 'retry-test',
      data: { subject: 'ライブのお知らせ', body: '<script>alert(1)</script>\n\n次のライブは12月です。' },
    });
    refuseNext = 1;
    const first = await deliverDue(handle.db, { mailer });
    expect(first).toMatchObject({ claimed: 1, sent: 0, retried: 1 });
    const [waiting] = await handle.db.select().from(notices).where(eq(notices.memberId, fan.id));
    expect(waiting).toMatchObject({ mailStatus: 'pending', mailAttempts: 1 });
    // Not yet due: the backoff holds it.
    expect((await deliverDue(handle.db, { mailer })).claimed).toBe(0);
    await dueNow();
    expect(await deliverDue(handle.db, { mailer })).toMatchObject({ claimed: 1, sent: 1 });
    await dueNow();
    expect((await deliverDue(handle.db, { mailer })).claimed).toBe(0);
    const mails = received.filter((mail) => mail.to === 'retried@example.com');
    expect(mails).toHaveLength(1);
    // Headers unfolded (a long one continues on lines that start with a space).
    const raw = mails[0]!.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(raw).toMatch(/List-Unsubscribe: <http:\/\/localhost:\d+\/api\/unsubscribe\?token=/);
    // Staff's script is text in the mail's HTML, never markup.
    const html = decodeQuotedPrintable(raw.split(/Content-Type: text\/html/i)[1]!);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script');
  });

  it('an announcement to a member who turned it off reaches the inbox but not the mail', async () => {
    const fan = await member('opted-out');
    await handle.db.insert(noticePreferences).values({ memberId: fan.id, announcements: false });
    await notify(handle.db, {
      siteId: site.id,
      memberId: fan.id,
      kind: 'announcement',
      key: 'opt-out-test',
      data: { subject: '件名', body: '本文' },
    });
    expect(await deliverDue(handle.db, { mailer })).toMatchObject({ claimed: 1, skipped: 1, sent: 0 });
    expect(received.filter((mail) => mail.to === 'opted-out@example.com')).toHaveLength(0);
  });

  it('while the server is unreachable nothing is lost or given up, and each mail goes once when it is back', async () => {
    const fan = await member('outage');
    await notify(handle.db, {
      siteId: site.id,
      memberId: fan.id,
      kind: 'payment-failed',
      key: 'outage-test',
      data: { planName: '月額会員' },
    });
    const down = smtpMailer('smtp://127.0.0.1:1', { timeoutMs: 500 });
    for (let round = 0; round < 6; round++) {
      expect(await deliverDue(handle.db, { mailer: down, maxAttempts: 2 })).toMatchObject({ outage: true });
      await dueNow();
    }
    down.close();
    const [waiting] = await handle.db.select().from(notices).where(eq(notices.memberId, fan.id));
    expect(waiting).toMatchObject({ mailStatus: 'pending', mailAttempts: 0 });
    expect(await deliverDue(handle.db, { mailer })).toMatchObject({ sent: 1 });
    expect(received.filter((mail) => mail.to === 'outage@example.com')).toHaveLength(1);
  });

  it('a mail to the owners goes to each owner’s address once, with no unsubscribe link and no inbox', async () => {
    await handle.db.insert(staffMembers).values([
      { siteId: site.id, uid: 'o1', email: 'owner1@example.com', displayName: 'オーナー1', role: 'owner' },
      { siteId: site.id, uid: 'e1', email: 'editor1@example.com', displayName: '編集', role: 'editor' },
    ]);
    const data = {
      purpose: 'presale',
      amountYen: 8800,
      reason: 'fraudulent',
      status: 'open',
      memberNumber: null,
      memberId: null,
    } as const;
    const input = { siteId: site.id, kind: 'payment-disputed', key: 'dispute-opened:dp_1', data } as const;
    expect(await notifyOwners(handle.db, input)).toBe(1);
    expect(await notifyOwners(handle.db, input)).toBe(0);
    expect(await deliverDue(handle.db, { mailer })).toMatchObject({ claimed: 1, sent: 1 });
    const mails = received.filter((mail) => mail.to === 'owner1@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).not.toMatch(/List-Unsubscribe/);
    expect(received.filter((mail) => mail.to === 'editor1@example.com')).toHaveLength(0);
  });
});
