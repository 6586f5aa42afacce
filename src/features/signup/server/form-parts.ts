import 'server-only';
import type { Db } from '@/server/db/client';
import type { z } from '@/lib/zod';
import { choosePlan, updateMember } from '@/features/membership/server';
import { addressSchema, nicknameSchema, planChoiceSchema, profileSchema } from '@/features/signup/schemas';

type Saver = (db: Db, siteId: string, memberId: string) => Promise<void>;
export type ParsedPart = { issues: z.core.$ZodIssue[] } | { save: Saver };

/** Parses a body once: its field errors, or the save of exactly what was parsed. */
function part<S extends z.ZodType>(
  schema: S,
  save: (db: Db, siteId: string, memberId: string, values: z.output<S>) => Promise<void>,
): (body: unknown) => ParsedPart {
  return (body) => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) return { issues: parsed.error.issues };
    return { save: (db, siteId, memberId) => save(db, siteId, memberId, parsed.data) };
  };
}

/** The member's details: saved by the sign-up steps, and corrected later on My page. */
export const DETAIL_PARTS = {
  nickname: part(nicknameSchema, (db, _siteId, memberId, values) =>
    updateMember(db, memberId, { nickname: values.nickname }),
  ),
  profile: part(profileSchema, (db, _siteId, memberId, values) => updateMember(db, memberId, values)),
  address: part(addressSchema, (db, _siteId, memberId, values) =>
    updateMember(db, memberId, { ...values, building: values.building || null }),
  ),
};

export const PLAN_PART = part(planChoiceSchema, async (db, siteId, memberId, values) => {
  await choosePlan(db, siteId, memberId, values.planId);
});

export const isPartOf = <T extends object>(parts: T, name: string): name is Extract<keyof T, string> =>
  Object.hasOwn(parts, name);
