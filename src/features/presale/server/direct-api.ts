import 'server-only';
import { z } from '@/lib/zod';
import { AppError } from '@/lib/errors';
import { getDb } from '@/server/db';
import type { DirectRoute } from '@/server/http/direct-routes';
import { JsonAnswer, jsonError, jsonFromError, jsonInvalid, jsonOk } from '@/server/http/responses';
import { consumeDistinct, consumeRateLimit } from '@/server/rate-limit/limiter';
import type { Site } from '@/features/site';
import { siteForHost } from '@/features/site/server';
import { sessionTokenOf } from '@/features/auth/server';
import { memberAnswer } from '@/features/membership/server';
import type { Member } from '@/features/membership';
import { getPaymentProvider } from '@/features/billing/server';
import { applicationSchema } from '@/features/presale/schemas';
import { applyToPresale, cancelApplication, updateApplication } from './apply';
import { answerInvitation } from './companions';
import { presaleForSession } from './view';

/*
 * The presale's two peaks, answered by the front server without Next.js (decision 0034): the opening, when every
 * member applies at once, and the result time, when every member opens their result. Plain Node: nothing here may
 * need Next.js's request context.
 */

type PresaleParams = { id: string };

async function savedCard(member: Member | null) {
  if (!member?.billingCustomerId) return null;
  return (await getPaymentProvider()).getCard(member.billingCustomerId);
}

const NO_CARD =
  'カード払いを選ぶには、マイページの「カードを変更する」でカードを登録してください（コンビニ払いもお選びいただけます）。';

const NAMING_LIMIT =
  '同行者の会員番号を指定できる回数の上限に達しました。しばらく時間をおいてから、もう一度お試しください。';

const applicationAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('apply'), application: applicationSchema }),
  z.object({ action: z.literal('update'), application: applicationSchema }),
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('accept') }),
  // block: 「この会員からの同行依頼を今後受け取らない」
  z.object({ action: z.literal('decline'), block: z.boolean().optional() }),
]);

/**
 * POST /api/presales/[id]/application: apply, change, cancel; a companion accepts or declines. Served by the front
 * server directly (direct-api.ts): at the opening every member applies at once.
 */
export const applicationAnswer = memberAnswer<PresaleParams>(
  async ({ params, site, viewer, db, body, member: memberOf }) => {
    if (!z.uuid().safeParse(params.id).success) throw new AppError('NOT_FOUND');
    const parsed = applicationAction.safeParse(body);
    if (!parsed.success) return jsonInvalid(parsed.error.issues);
    const member = await memberOf();
    if (!member?.memberNumber)
      throw new AppError('FORBIDDEN', 'プレミアム会員の方だけがお申し込みいただけます。');
    const input = parsed.data;
    const account = { name: 'presale:account' as const, key: `${site.id}:${viewer.uid}` };
    if ((input.action === 'apply' || input.action === 'update') && input.application.companions.length) {
      // Naming has an allowance of its own: distinct member numbers per account and presale (issue 37), counted in
      // the statement that counts the request (issue 40: round trips).
      await consumeDistinct(
        db,
        'presale-companion:account',
        'presale-companion:named',
        `${site.id}:${viewer.uid}:${params.id}`,
        input.application.companions.map(String),
        { message: NAMING_LIMIT, request: account },
      );
    } else await consumeRateLimit(db, account.name, account.key);
    if (
      (input.action === 'apply' || input.action === 'update') &&
      input.application.paymentMethod === 'card' &&
      !(await savedCard(member))
    ) {
      return jsonInvalid([{ path: ['application', 'paymentMethod'], message: NO_CARD }]);
    }
    if (input.action === 'apply') {
      const application = await applyToPresale(db, site.id, member, params.id, input.application);
      return jsonOk({ receiptNo: application.receiptNo }, { status: 201 });
    }
    if (input.action === 'update') {
      const application = await updateApplication(db, site.id, member, params.id, input.application);
      return jsonOk({ receiptNo: application.receiptNo });
    }
    if (input.action === 'cancel') await cancelApplication(db, site.id, member, params.id);
    else {
      const answer = input.action === 'accept' ? 'accept' : input.block ? 'decline-and-block' : 'decline';
      await answerInvitation(db, site.id, member, params.id, answer);
    }
    return jsonOk({ done: true });
  },
  // Not `fresh`: an application moves no money and no ticket when it is made (a win is charged at the results time,
  // off-session); the session's periodic check (at most 4 minutes old) is waited for as for any member change
  // (decision 0034). Paying again after a refusal (POST …/payment) still asks the provider now.
);

/**
 * GET /api/presales/item/[itemId]: the presale of a TICKET item for this member (per request, never cached). Served by
 * the front server directly (direct-api.ts): at the result time every member asks at once.
 */
export async function presaleViewAnswer(
  request: Request,
  site: Site | null,
  itemId: string,
): Promise<Response | JsonAnswer> {
  try {
    if (!site || !z.uuid().safeParse(itemId).success) return jsonError('NOT_FOUND');
    const db = await getDb();
    // The session, its member and the panel: one round trip (view.ts).
    const found = await presaleForSession(
      db,
      site,
      itemId,
      sessionTokenOf(request.headers.get('cookie')) ?? undefined,
    );
    if (!found) return jsonError('UNAUTHENTICATED');
    const { member, view } = found;
    // No presale on this item: nothing to show (the panel stays empty).
    if (!view) return new JsonAnswer(view);
    // The form offers the card only to a member with one saved (it is charged at the results time). The form shows
    // only while the window is open: at the results time nobody waits on the payment provider for it.
    const formShown = view.state === 'open' && (view.canApply.ok || view.mine);
    const card = formShown ? await savedCard(member) : null;
    return new JsonAnswer({ ...view, savedCard: card ? `${card.brand} •••• ${card.last4}` : null });
  } catch (error) {
    return jsonFromError(error);
  }
}

const siteOf = async (host: string) => siteForHost(await getDb(), host);

export const presaleDirectRoutes: readonly DirectRoute[] = [
  {
    method: 'GET',
    path: /^\/api\/presales\/item\/(?<itemId>[^/]+)$/,
    answer: async (request, host, { itemId }) => presaleViewAnswer(request, await siteOf(host), itemId!),
  },
  {
    method: 'POST',
    path: /^\/api\/presales\/(?<id>[^/]+)\/application$/,
    answer: async (request, host, { id }) => applicationAnswer(request, await siteOf(host), { id: id! }),
  },
];
