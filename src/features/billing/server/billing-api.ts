import 'server-only';
import { AppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { env } from '@/server/env';
import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { findMember } from '@/features/membership/server';
import { memberPost } from '@/features/membership/app';
import {
  konbiniPaySchema,
  konbiniRequestSchema,
  leaveSchema,
  paymentRequestSchema,
  planChangeSchema,
  toSandboxCard,
} from '@/features/billing/schemas';
import { issueKonbiniPayment, markKonbiniPaid } from '@/features/billing/server/konbini';
import { voucherView } from '@/features/billing/voucher';
import { changePlan } from '@/features/billing/server/plan-change';
import { getPaymentProvider, isSandbox } from '@/features/billing/server/provider';
import {
  changeCard,
  leaveMembership,
  resumeMembership,
  startPayment,
  syncSubscription,
} from '@/features/billing/server/membership';
import { z } from '@/lib/zod';
import { assertEmailVerified } from '@/features/auth/server';

const ACTIONS = ['subscribe', 'card', 'leave', 'resume', 'sync', 'konbini', 'plan'] as const;
type Action = (typeof ACTIONS)[number];

/**
 * POST /api/billing/[action]: the payment step (subscribe), changing the card, leaving and taking it back. The
 * sandbox takes the card here; with Stripe the card never reaches us and the answer is a secret for its elements.
 */
export const billingAction = memberPost<{ host: string; action: string }>(
  async ({ params, site, viewer, db, body }) => {
    const action = params.action as Action;
    if (!ACTIONS.includes(action)) throw new AppError('NOT_FOUND');
    const member = await findMember(db, site.id, viewer.uid);
    if (!member) throw new AppError('STEP_ORDER');
    if (action === 'subscribe') assertEmailVerified(viewer);
    const provider = await getPaymentProvider();

    if (action === 'subscribe' || action === 'card') {
      const parsed = paymentRequestSchema.safeParse(body ?? {});
      if (!parsed.success) return jsonInvalid(parsed.error.issues);
      if (isSandbox(provider) && !parsed.data.card)
        return jsonInvalid([{ path: ['card'], message: 'カード情報を入力してください' }]);
      const card = parsed.data.card ? toSandboxCard(parsed.data.card) : undefined;
      if (action === 'card') return jsonOk(await changeCard(db, provider, member, card));
      const started = await startPayment(db, provider, { member, email: viewer.email, card });
      return jsonOk({ ...started, next: paths.signUpStep('complete') });
    }
    if (action === 'leave') {
      if (!site.config.IS_SHOW_MYPAGE_LEAVE) throw new AppError('NOT_FOUND');
      // Leaving cannot be undone by the member after the period: a body we could not read (missing, not JSON, too
      // large) is refused rather than taken as "no reason" (the form always sends `{ reason }`).
      const parsed = leaveSchema.safeParse(body);
      if (!parsed.success) return jsonInvalid(parsed.error.issues);
      const subscription = await leaveMembership(db, provider, member, parsed.data.reason || null);
      return jsonOk({ accessUntil: subscription.currentPeriodEnd });
    }
    if (action === 'konbini') {
      const parsed = konbiniRequestSchema.safeParse(body);
      if (!parsed.success) return jsonInvalid(parsed.error.issues);
      const voucher = await issueKonbiniPayment(db, provider, {
        site,
        member,
        planId: parsed.data.planId,
        email: viewer.email,
      });
      return jsonOk({ voucher: voucherView(voucher) });
    }
    if (action === 'plan') {
      const parsed = planChangeSchema.safeParse(body);
      if (!parsed.success) return jsonInvalid(parsed.error.issues);
      const subscription = await changePlan(db, provider, member, parsed.data.planId);
      return jsonOk({
        pendingPlanId: subscription.pendingPlanId,
        effectiveAt: subscription.currentPeriodEnd,
      });
    }
    if (action === 'sync') {
      const parsed = syncSchema.safeParse(body);
      if (!parsed.success) return jsonInvalid(parsed.error.issues);
      return jsonOk({ status: await syncSubscription(db, provider, member, parsed.data.subscriptionId) });
    }
    await resumeMembership(db, provider, member);
    return jsonOk({ resumed: true });
  },
  // Every action here moves money or a membership: an account disabled a moment ago must change nothing.
  { fresh: true },
);

const syncSchema = z.object({ subscriptionId: z.string().min(1).max(255) });

const clockSchema = z.object({ days: z.number().int().min(1).max(3660) });

/**
 * POST /api/sandbox/clock: moves the site's sandbox test clock forward, settling renewals and cancellations that
 * fall due. Exists only with the sandbox and SANDBOX_TEST_CLOCK=true (end-to-end tests); 404 everywhere else.
 */
export const advanceSandboxClock = memberPost<{ host: string }>(async ({ site, body }) => {
  const provider = await getPaymentProvider();
  if (!isSandbox(provider) || env.SANDBOX_TEST_CLOCK !== 'true') throw new AppError('NOT_FOUND');
  const parsed = clockSchema.safeParse(body);
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  const now = await provider.advanceClock(site.id, parsed.data.days * 24 * 60 * 60 * 1000);
  return jsonOk({ now });
});

/**
 * POST /api/sandbox/konbini: the fan "pays at the till" for their own voucher (the demo's and tests' stand-in for a
 * convenience store). Only with the sandbox, in the demo or with SANDBOX_TEST_CLOCK=true; 404 everywhere else.
 */
export const payKonbiniInSandbox = memberPost<{ host: string }>(async ({ site, viewer, db, body }) => {
  const provider = await getPaymentProvider();
  const enabled = env.SANDBOX_TEST_CLOCK === 'true' || env.DEMO_MODE === 'true';
  if (!isSandbox(provider) || !enabled) throw new AppError('NOT_FOUND');
  const parsed = konbiniPaySchema.safeParse(body);
  if (!parsed.success) return jsonInvalid(parsed.error.issues);
  const member = await findMember(db, site.id, viewer.uid);
  if (!member) throw new AppError('NOT_FOUND');
  const paid = await markKonbiniPaid(db, provider, member, parsed.data.paymentId);
  return jsonOk({ voucher: voucherView(paid) });
});
