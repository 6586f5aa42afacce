import { z } from '@/lib/zod';
import type { StaffRole } from '@/features/staff/roles';

/** The roles in the order the console lists them (the client must not import the database schema). */
export const ROLE_ORDER = ['owner', 'editor', 'support'] as const satisfies readonly StaffRole[];

const role = z.enum(ROLE_ORDER, { error: '役割を選択してください' });

export const addStaffSchema = z.object({
  email: z
    .string({ error: 'メールアドレスを入力してください' })
    .trim()
    .min(1, 'メールアドレスを入力してください')
    .max(254, 'メールアドレスが長すぎます')
    .pipe(z.email({ error: 'メールアドレスの形式が正しくありません' })),
  role,
});

export const changeRoleSchema = z.object({ role });

export type AddStaffValues = z.output<typeof addStaffSchema>;
