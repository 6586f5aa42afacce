'use client';

import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import { useAuth } from '@/features/auth/components/auth-provider';

const link =
  'inline-flex h-9 items-center justify-center rounded-full px-3 text-xs font-bold whitespace-nowrap md:px-4 md:text-sm';

/**
 * ログイン / 新規入会 for a signed-out visitor, マイページ for a member. Until the provider's first answer the slot
 * keeps its size but shows nothing, so neither pair flashes before the right one. The slot is as wide as the two
 * buttons on a phone (10rem): narrower, they spilled over the club's name beside them.
 */
export function HeaderAuthLinks() {
  const { isLoading, isLoggedIn } = useAuth();
  if (isLoading) {
    return <div className="h-9 w-40 md:w-44" aria-hidden="true" data-testid="auth-links-loading" />;
  }
  if (isLoggedIn) {
    return (
      <div className="flex h-9 w-40 items-center justify-end md:w-44" data-testid="auth-links">
        <Link href={paths.myPage()} className={`${link} bg-primary text-ink`}>
          マイページ
        </Link>
      </div>
    );
  }
  return (
    <div className="flex h-9 w-40 items-center justify-end gap-1.5 md:w-44 md:gap-2" data-testid="auth-links">
      <Link href={paths.signIn()} className={`${link} border border-line bg-surface text-ink`}>
        ログイン
      </Link>
      <Link href={paths.signUp()} className={`${link} bg-primary text-ink`}>
        新規入会
      </Link>
    </div>
  );
}
