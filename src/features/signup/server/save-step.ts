import 'server-only';
import { AppError } from '@/lib/errors';
import { requestAddress } from '@/server/http/client-address';
import { consumeRateLimit } from '@/server/rate-limit/limiter';
import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { paths } from '@/lib/paths';
import { ensureMember, findMember } from '@/features/membership/server';
import { assertSignUpConsent } from '@/features/consent/server';
import { memberPost } from '@/features/membership/app';
import { resolveSignUpStep, stepAfter } from '@/features/signup/progress';
import { isPremium, signUpFactsOf } from '@/features/signup/server/state';
import { DETAIL_PARTS, isPartOf, PLAN_PART } from '@/features/signup/server/form-parts';
import { rememberReturnPath } from '@/features/signup/server/return-path';
import type { SignUpStep } from '@/features/site';

const STEPS = { ...DETAIL_PARTS, plans: PLAN_PART };

/**
 * POST /api/signup/[step]: saves one form step of the sign-up flow. The order is enforced here as on the pages: a
 * step past the first unfinished one is refused (409), so the flow cannot be skipped by calling the API either.
 * Bad input is refused with each field's Japanese message (422) and nothing is written. A `?next=` page of this
 * site is kept with the progress (rememberReturnPath) for the complete step's way back.
 */
export const saveSignUpStep = memberPost<{ host: string; step: string }>(
  async ({ request, params, site, viewer, db, body }) => {
    await consumeRateLimit(db, 'signup:account', `${site.id}:${viewer.uid}`);
    await consumeRateLimit(db, 'signup:address', requestAddress(request));
    const flow = site.config.SIGN_UP_FLOW;
    if (!isPartOf(STEPS, params.step) || !flow.includes(params.step as SignUpStep))
      throw new AppError('NOT_FOUND');
    const step = params.step;
    const parsed = STEPS[step](body);
    if ('issues' in parsed) return jsonInvalid(parsed.issues);
    // From the site's consent step on, only an account that agreed to the current terms goes on (decision 0027).
    await assertSignUpConsent(db, site, await findMember(db, site.id, viewer.uid), step);
    const member = await ensureMember(db, site.id, viewer.uid, viewer.email);
    const facts = signUpFactsOf(member, await isPremium(db, member), true);
    if (resolveSignUpStep(flow, facts, step) !== step) {
      throw new AppError(
        facts.premium ? 'CONFLICT' : 'STEP_ORDER',
        facts.premium ? 'すでに入会済みです。' : undefined,
      );
    }
    await parsed.save(db, site.id, member.id);
    // The page that made the fan join travels as `?next=` on the flow's addresses and is kept with the progress.
    await rememberReturnPath(db, site.id, member.id, new URL(request.url).searchParams.get('next'));
    return jsonOk({ next: paths.signUpStep(stepAfter(flow, step)) });
  },
);
