import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import { buttonClass } from '@/components/ui/button';
import type { ViewerLevel } from '@/features/content/types';

/**
 * What a viewer who may not open an item sees instead of it: why, and the way in. A signed-out visitor may join
 * or sign in; a signed-in member without premium continues the sign-up where they stopped.
 */
export function LockedNotice({ viewer, returnTo }: { viewer: ViewerLevel; returnTo: string }) {
  return (
    <section
      aria-labelledby="locked-title"
      className="rounded-xl border border-line bg-surface-sub px-5 py-8 text-center"
      data-locked-notice
    >
      <h2 id="locked-title" className="text-lg font-bold">
        この続きはプレミアム会員限定です
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-sm leading-relaxed">
        {viewer === 'guest'
          ? 'プレミアム会員になると、本文・写真・動画・チケット先行受付のすべてをご覧いただけます。'
          : '入会すると、本文・写真・動画・チケット先行受付のすべてをご覧いただけます。会員の方はログインしてください。'}
      </p>
      <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
        {viewer === 'guest' ? (
          <Link href={paths.signUpContinue()} className={buttonClass('primary', 'w-full sm:w-auto')}>
            プレミアム会員になる
          </Link>
        ) : (
          <>
            <Link href={paths.signUp()} className={buttonClass('primary', 'w-full sm:w-auto')}>
              新規入会
            </Link>
            <Link href={paths.signIn(returnTo)} className={buttonClass('secondary', 'w-full sm:w-auto')}>
              ログイン
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
