import { sameOriginPath } from '@/lib/safe-path';

/** Every internal path of a site, in one place. Section and legal-page ids are validated by the site schema. */
export const paths = {
  home: () => '/',
  section: (sectionId: string) => `/${sectionId}`,
  item: (sectionId: string, id: string) => `/${sectionId}/${id}`,
  contentApi: (sectionId: string) => `/api/content/${sectionId}`,
  legal: (kind: string) => `/${kind}`,
  signIn: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
  /** The sign-up flow; `next` is the page to come back to once joined (a locked item). */
  signUp: (next?: string | null) => withNext('/signup', next),
  /** Resumes the sign-up flow at the member's first unfinished step. */
  signUpContinue: (next?: string | null) => withNext('/signup/continue', next),
  /** A sign-up step's page; the account step is the sign-up page itself. */
  signUpStep: (step: string, next?: string | null) =>
    withNext(step === 'account' ? '/signup' : `/signup/${step}`, next),
  passwordReset: () => '/password-reset',
  authAction: () => '/auth/action',
  myPage: () => '/mypage',
  changeEmail: () => '/mypage/email',
  changePassword: () => '/mypage/password',
  editProfile: () => '/mypage/profile',
  editAddress: () => '/mypage/address',
  changeCard: () => '/mypage/card',
  /** A presale win's card charge that needs the fan's 3-D Secure authentication (docs/decisions/0047). */
  authenticateWin: (presaleId: string) => `/mypage/tickets/${presaleId}/authenticate`,
  leave: () => '/mypage/leave',
  changePlan: () => '/mypage/plan',
  receipt: (paymentId: string) => `/mypage/payments/${encodeURIComponent(paymentId)}/receipt`,
  notices: () => '/mypage/notices',
  notice: (id: string) => `/mypage/notices/${id}`,
  noticeSettings: () => '/mypage/notices/settings',
  /**
   * The in-club contact form (decision 0053), opened from a page of the site and, for a payment or a ticket, naming it
   * by its opaque id (never a name, an address or a mail in the URL).
   */
  contact: (about?: { payment?: string; ticket?: string; from?: string }) => {
    const query = new URLSearchParams();
    if (about?.payment) query.set('payment', about.payment);
    if (about?.ticket) query.set('ticket', about.ticket);
    if (about?.from) query.set('from', about.from);
    const text = query.toString();
    return text ? `/mypage/contact?${text}` : '/mypage/contact';
  },
  contactThread: (id: string) => `/mypage/contact/${id}`,
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
    sales: (month?: string) => (month ? `/staff/sales?month=${month}` : '/staff/sales'),
    salesCsv: (from: string, to: string) => `/api/staff/sales/export.csv?from=${from}&to=${to}`,
    team: () => '/staff/team',
    audit: () => '/staff/audit',
    announcements: () => '/staff/announcements',
    deliveries: () => '/staff/deliveries',
    presales: () => '/staff/presales',
    presale: (itemId: string) => `/staff/presales/${itemId}`,
    door: () => '/staff/door',
    jobs: () => '/staff/jobs',
    chat: (itemId?: string) => (itemId ? `/staff/chat/${itemId}` : '/staff/chat'),
    tenure: () => '/staff/tenure',
    support: () => '/staff/support',
    supportThread: (id: string) => `/staff/support/${id}`,
    presalePaid: (itemId: string) => `/staff/presales/${itemId}/paid`,
    presalePaidCsv: (itemId: string) => `/api/staff/presales/${itemId}/paid.csv`,
    /** 公式リセール of a presale: settings, 今すぐマッチング, listings, matches and refunds (docs/decisions/0049). */
    presaleResale: (itemId: string) => `/staff/presales/${itemId}/resale`,
    presaleResaleCsv: (itemId: string) => `/api/staff/presales/${itemId}/resale.csv`,
  },
};

/** `path?next=…` when there is a page to come back to; the path itself otherwise. */
export function withNext(path: string, next?: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

/** A `next` parameter is followed only when it is a path of this site: never another origin (open redirect). */
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  return sameOriginPath(next, fallback);
}
