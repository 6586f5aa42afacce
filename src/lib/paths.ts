import { sameOriginPath } from '@/lib/safe-path';

/** Every internal path of a site, in one place. Section and legal-page ids are validated by the site schema. */
export const paths = {
  home: () => '/',
  section: (sectionId: string) => `/${sectionId}`,
  item: (sectionId: string, id: string) => `/${sectionId}/${id}`,
  contentApi: (sectionId: string) => `/api/content/${sectionId}`,
  legal: (kind: string) => `/${kind}`,
  signIn: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
  signUp: () => '/signup',
  /** Resumes the sign-up flow at the member's first unfinished step. */
  signUpContinue: () => '/signup/continue',
  /** A sign-up step's page; the account step is the sign-up page itself. */
  signUpStep: (step: string) => (step === 'account' ? '/signup' : `/signup/${step}`),
  passwordReset: () => '/password-reset',
  authAction: () => '/auth/action',
  myPage: () => '/mypage',
  changeEmail: () => '/mypage/email',
  changePassword: () => '/mypage/password',
  editProfile: () => '/mypage/profile',
  editAddress: () => '/mypage/address',
  changeCard: () => '/mypage/card',
  leave: () => '/mypage/leave',
  notices: () => '/mypage/notices',
  notice: (id: string) => `/mypage/notices/${id}`,
  noticeSettings: () => '/mypage/notices/settings',
  /** Signed out: the one-click unsubscribe link of a mail (RFC 8058), by its signed token. */
  unsubscribe: (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`,
  unsubscribeApi: (token: string) => `/api/unsubscribe?token=${encodeURIComponent(token)}`,
  staff: {
    home: () => '/staff',
    content: (section?: string) => (section ? `/staff/content?section=${section}` : '/staff/content'),
    newItem: (section: string) => `/staff/content/new?section=${section}`,
    item: (id: string) => `/staff/content/${id}`,
    preview: (id: string, as: 'guest' | 'premium') => `/staff/content/${id}/preview?as=${as}`,
    legal: (kind?: string) => (kind ? `/staff/legal/${kind}` : '/staff/legal'),
    members: () => '/staff/members',
    member: (id: string) => `/staff/members/${id}`,
    plans: () => '/staff/plans',
    team: () => '/staff/team',
    audit: () => '/staff/audit',
    announcements: () => '/staff/announcements',
    deliveries: () => '/staff/deliveries',
  },
};

/** A `next` parameter is followed only when it is a path of this site: never another origin (open redirect). */
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  return sameOriginPath(next, fallback);
}
