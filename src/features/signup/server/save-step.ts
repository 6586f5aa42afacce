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

const SCHEMAS = {
  nickname: nicknameSchema,
  profile: profileSchema,
  address: addressSchema,
  plans: planChoiceSchema,
};
type FormStep = keyof typeof SCHEMAS;

const isFormStep = (step: string): step is FormStep => step in SCHEMAS;

async function save(db: Db, siteId: string, memberId: string, step: FormStep, body: unknown): Promise<void> {
  switch (step) {
    case 'nickname':
      return saveNickname(db, memberId, nicknameSchema.parse(body));
    case 'profile':
      return saveProfile(db, memberId, profileSchema.parse(body));
    case 'address':
      return saveAddress(db, memberId, addressSchema.parse(body));
    case 'plans':
      await choosePlan(db, siteId, memberId, planChoiceSchema.parse(body).planId);
  }
}

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
    const parsed = SCHEMAS[step].safeParse(body);
    if (!parsed.success) return jsonInvalid(parsed.error.issues);
    const member = await ensureMember(db, site.id, viewer.uid);
    const facts = signUpFactsOf(member, await isPremium(db, member), true);
    if (resolveSignUpStep(flow, facts, step) !== step) {
      throw new AppError(
        facts.premium ? 'CONFLICT' : 'STEP_ORDER',
        facts.premium ? 'すでに入会済みです。' : undefined,
      );
    }
    await save(db, site.id, member.id, step, body);
    return jsonOk({ next: paths.signUpStep(stepAfter(flow, step)) });
  },
);
