import 'server-only';
import { z } from '@/lib/zod';
import { AppError } from '@/lib/errors';
import { getDb } from '@/server/db';
import type { Db, DbHandle } from '@/server/db/client';
import type { DirectRoute } from '@/server/http/direct-routes';
import { isSameOrigin } from '@/server/http/origin';
import { jsonError, jsonFromError, jsonInvalid, jsonOk, readJson } from '@/server/http/responses';
import { processWide } from '@/server/process-wide';
import { consumeRateLimit } from '@/server/rate-limit/limiter';
import type { Site } from '@/features/site';
import { siteForHost } from '@/features/site/server';
import { sessionTokenOf } from '@/features/auth/server';
import { SLOW_MODE_CHOICES } from '@/features/chat/rules';
import { chatPersonOf, shownName, type ChatPerson } from './access';
import { ChatHub } from './hub';
import { reportsOf } from './read';
import { BANNED, serveChatStream } from './stream';
import { deleteMessage, pinMessage, postMessage, reportMessage, restrictAuthor, setSlowMode } from './write';

/** The process's hub, started by the server entry with the database's LISTEN (src/main). */
export function startChatHub(options: { db: Db; listen?: DbHandle['listen'] }): ChatHub {
  const hub = processWide('chat-hub', () => new ChatHub(options));
  void hub.start();
  return hub;
}

function chatHub(db: Db): ChatHub {
  // Without the server entry (a test of the routes): a hub that polls, started on first use.
  return processWide('chat-hub', () => {
    const hub = new ChatHub({ db });
    void hub.start();
    return hub;
  });
}

const seqSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const messageSchema = z.strictObject({ body: z.string().max(2_000) });
const reportSchema = z.strictObject({ seq: seqSchema });
const moderationSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.enum(['delete', 'pin', 'mute', 'ban', 'lift']), seq: seqSchema }),
  z.strictObject({ action: z.literal('unpin') }),
  z.strictObject({
    action: z.literal('slow'),
    seconds: z.number().refine((value) => (SLOW_MODE_CHOICES as readonly number[]).includes(value)),
  }),
]);

type Handler = (input: { person: ChatPerson; body: unknown; db: Db; site: Site }) => Promise<Response>;

/** A chat POST: same origin, a member or staff who may be in the room, a JSON body; errors in Japanese. */
function chatPost(handler: Handler) {
  return async (request: Request, host: string, itemId: string): Promise<Response> => {
    try {
      if (!isSameOrigin(request)) return jsonError('CROSS_SITE');
      const db = await getDb();
      const site = await siteForHost(db, host);
      if (!site || !z.uuid().safeParse(itemId).success) return jsonError('NOT_FOUND');
      const person = await chatPersonOf(db, site, sessionTokenOf(request.headers.get('cookie')), itemId);
      if (person.banned) throw new AppError('FORBIDDEN', BANNED);
      return await handler({ person, body: await readJson(request), db, site });
    } catch (error) {
      return jsonFromError(error);
    }
  };
}

const postAnswer = chatPost(async ({ person, body, db, site }) => {
  const parsed = messageSchema.safeParse(body);
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  await consumeRateLimit(db, 'chat:account', `${site.id}:${person.uid}`);
  const name = person.staff
    ? `${person.staff.displayName}（運営）`
    : await shownName(db, site.id, person.uid);
  const seq = await postMessage(db, person, {
    body: parsed.data.body,
    ngWords: site.config.CHAT_NG_WORDS,
    name,
  });
  chatHub(db).poke(person.itemId, seq);
  return jsonOk({ seq }, { status: 201 });
});

const reportAnswer = chatPost(async ({ person, body, db, site }) => {
  const parsed = reportSchema.safeParse(body);
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  await consumeRateLimit(db, 'chat-report:account', `${site.id}:${person.uid}`);
  await reportMessage(db, person, parsed.data.seq);
  return jsonOk({ reported: true });
});

const moderationAnswer = chatPost(async ({ person, body, db, site }) => {
  if (!person.staff) return jsonError('FORBIDDEN');
  const parsed = moderationSchema.safeParse(body);
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  await consumeRateLimit(db, 'staff-write:account', `${site.id}:${person.uid}`);
  const input = parsed.data;
  const hub = chatHub(db);
  if (input.action === 'delete') await deleteMessage(db, person, input.seq);
  else if (input.action === 'pin') await pinMessage(db, person, input.seq);
  else if (input.action === 'unpin') await pinMessage(db, person, null);
  else if (input.action === 'slow') await setSlowMode(db, person, input.seconds);
  else {
    const kind = input.action === 'lift' ? null : input.action;
    const uid = await restrictAuthor(db, person, input.seq, kind);
    if (kind === 'ban') hub.closeMember(person.itemId, uid);
  }
  // Every instance hears the change through NOTIFY; this one is told at once as well.
  hub.poke(person.itemId, Number.MAX_SAFE_INTEGER);
  return jsonOk({ done: true });
});

/** GET …/reports: the reported messages of the room (staff). */
async function reportsAnswer(request: Request, host: string, itemId: string): Promise<Response> {
  try {
    const db = await getDb();
    const site = await siteForHost(db, host);
    if (!site || !z.uuid().safeParse(itemId).success) return jsonError('NOT_FOUND');
    const person = await chatPersonOf(db, site, sessionTokenOf(request.headers.get('cookie')), itemId);
    if (!person.staff) return jsonError('FORBIDDEN');
    return jsonOk({ reports: await reportsOf(db, itemId) });
  } catch (error) {
    return jsonFromError(error);
  }
}

const ITEM = '(?<itemId>[0-9a-f-]{36})';

/**
 * The chat's addresses, answered by the front server without Next.js (decision 0034): a stream stays open for as
 * long as its viewer watches, which a route handler of Next.js would hold at a far higher cost per viewer.
 */
export const chatDirectRoutes: readonly DirectRoute[] = [
  {
    method: 'GET',
    path: new RegExp(`^/api/chat/${ITEM}/stream$`),
    serve: async (req, res, host, { itemId }) => {
      const db = await getDb();
      const site = await siteForHost(db, host);
      const token = sessionTokenOf(req.headers.cookie);
      await serveChatStream({ db, hub: chatHub(db), site, token, itemId: itemId! }, req, res);
    },
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/chat/${ITEM}/messages$`),
    answer: (request, host, { itemId }) => postAnswer(request, host, itemId!),
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/chat/${ITEM}/reports$`),
    answer: (request, host, { itemId }) => reportAnswer(request, host, itemId!),
  },
  {
    method: 'GET',
    path: new RegExp(`^/api/chat/${ITEM}/reports$`),
    answer: (request, host, { itemId }) => reportsAnswer(request, host, itemId!),
  },
  {
    method: 'POST',
    path: new RegExp(`^/api/chat/${ITEM}/moderation$`),
    answer: (request, host, { itemId }) => moderationAnswer(request, host, itemId!),
  },
];
