import type { STAFF_ROLES } from '@/server/db/staff-schema';

export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'オーナー',
  editor: '編集者',
  support: 'サポート',
  door: '入場スタッフ',
};

/**
 * What each role may do. Owners manage staff, plans and read the audit log; editors manage content and the legal
 * pages; support reads members and grants complimentary membership; door staff only check tickets at the entrance
 * (入場チェック), which support may also do. Owners may do everything.
 */
export const PERMISSIONS = {
  'content:write': ['owner', 'editor'],
  'legal:write': ['owner', 'editor'],
  'members:read': ['owner', 'support'],
  /** Name, address and phone in the members' CSV, for the office's mailings. */
  'members:contact': ['owner', 'support'],
  'members:grant': ['owner', 'support'],
  'plans:write': ['owner'],
  'staff:manage': ['owner'],
  'audit:read': ['owner'],
  'announcements:send': ['owner', 'editor'],
  'deliveries:manage': ['owner'],
  /** 入場チェック: the door page and its APIs, nothing else for the door role (least privilege). */
  'door:check': ['owner', 'support', 'door'],
  /** A presale's paid list and its CSV (names and member numbers of the fans who paid). */
  'presales:paid': ['owner', 'editor'],
  /** Cancelling a presale's event: every payment is refunded. */
  'presales:cancel': ['owner'],
  /** 売上: the club's takings by month and source, and their CSV (the business's figures: the owner's alone). */
  'sales:read': ['owner'],
  /** A chargeback marked 対応済み with what was done (the owners are the ones told of it). */
  'disputes:handle': ['owner'],
  /** お問い合わせ: fans' questions from the in-club contact form, and the club's answers (decision 0053). */
  'support:answer': ['owner', 'support'],
  /** The platform's background jobs (定期処理): when each last ran and how it ended. */
  'jobs:read': ['owner'],
  /** ライブチャットの管理: delete, pin, slow mode, mute and ban, the reports (decision 0051). */
  'chat:moderate': ['owner', 'editor', 'support'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** The permissions of a role, for the console's navigation. */
export function permissionsOf(role: StaffRole): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => can(role, permission));
}
