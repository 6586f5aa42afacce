import 'server-only';
import { AppError } from '@/lib/errors';
import { jsonInvalid, jsonOk } from '@/server/http/responses';
import { paths } from '@/lib/paths';
import { ensureMember } from '@/features/membership/server/members';
import { choosePlan, saveAddress, saveNickname, saveProfile } from '@/features/membership/server/profile';
import { memberPost } from '@/features/membership/server/member-api';
import { addressSchema, nicknameSchema, planChoiceSchema, profileSchema } from '@/features/signup/schemas';
import { resolveSignUpStep, stepAfter } from '@/features/signup/progress';
import { isPremium, signUpFactsOf } from '@/features/signup/server/state';
import type { SignUpStep } from '@/features/site/schema';
import type { Db } from '@/server/db/client';
import type { z } from '@/lib/zod';

/** Each form step: its schema, and how its parsed values are saved (one parse, shared with the form). */
const STEPS = {
  nickname: step(nicknameSchema, (db, _siteId, memberId, values) => saveNickname(db, memberId, values)),
  profile: step(profileSchema, (db, _siteId, memberId, values) => saveProfile(db, memberId, values)),
  address: step(addressSchema, (db, _siteId, memberId, values) => saveAddress(db, memberId, values)),
  plans: step(planChoiceSchema, async (db, siteId, memberId, values) => {
    await choosePlan(db, siteId, memberId, values.planId);
  }),
};
type FormStep = keyof typeof STEPS;

type Saver = (db: Db, siteId: string, memberId: string) => Promise<void>;

/** Parses a body once: its field errors, or the save of exactly what was parsed. */
function step<S extends z.ZodType>(
  schema: S,
  save: (db: Db, siteId: string, memberId: string, values: z.output<S>) => Promise<void>,
) {
  return (body: unknown): { issues: z.core.$ZodIssue[] } | { save: Saver } => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) return { issues: parsed.error.issues };
    return { save: (db, siteId, memberId) => save(db, siteId, memberId, parsed.data) };
  };
}

const isFormStep = (value: string): value is FormStep => value in STEPS;

/**
 * POST /api/signup/[step]: saves one form step of the sign-up flow. The order is enforced here as on the pages: a
 * step past the first unfinished one is refused (409), so the flow cannot be skipped by calling the API either.
 * Bad input is refused with each field's Japanese message (422) and nothing is written.
 */
export const saveSignUpStep = memberPost<{ host: string; step: string }>(
  async ({ params, site, viewer, db, body }) => {
    const flow = site.config.SIGN_UP_FLOW;
    if (!isFormStep(params.step) || !flow.includes(params.step as SignUpStep))
      throw new AppError('NOT_FOUND');
    const step = params.step;
    const parsed = STEPS[step](body);
    if ('issues' in parsed) return jsonInvalid(parsed.issues);
    const member = await ensureMember(db, site.id, viewer.uid);
    const facts = signUpFactsOf(member, await isPremium(db, member), true);
    if (resolveSignUpStep(flow, facts, step) !== step) {
      throw new AppError(
        facts.premium ? 'CONFLICT' : 'STEP_ORDER',
        facts.premium ? 'すでに入会済みです。' : undefined,
      );
    }
    await parsed.save(db, site.id, member.id);
    return jsonOk({ next: paths.signUpStep(stepAfter(flow, step)) });
  },
);
