/** Every internal path of a site, in one place. Section and legal-page ids are validated by the site schema. */
export const paths = {
  home: () => '/',
  section: (sectionId: string) => `/${sectionId}`,
  legal: (kind: string) => `/${kind}`,
  signIn: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
  signUp: () => '/signup',
  passwordReset: () => '/password-reset',
  authAction: () => '/auth/action',
  myPage: () => '/mypage',
  changeEmail: () => '/mypage/email',
  changePassword: () => '/mypage/password',
};

/** A `next` parameter is followed only when it is a path of this site: never another origin (open redirect). */
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}
