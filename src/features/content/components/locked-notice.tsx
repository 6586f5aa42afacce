import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import { buttonClass } from '@/components/ui/button';
import type { ViewerLevel } from '@/features/content/types';
import { formatEntryPrice, type EntryPrice } from '@/features/membership';

/**
 * What a viewer who may not open an item sees instead of it: why, what joining costs, and the way in. A signed-out
 * visitor may join or sign in; a signed-in member without premium continues the sign-up where they stopped. Every
 * way in carries the item as `next`, so that the fan comes back to it once joined (the flow keeps it server-side).
 * Rendered once per audience and shared: the price is the site's, nothing here is anyone's own.
 */
export function LockedNotice({
  viewer,
  returnTo,
  price = null,
}: {
  viewer: ViewerLevel;
  returnTo: string;
  price?: EntryPrice | null;
}) {
  const join =
    viewer === 'guest'
      ? { href: paths.signUpContinue(returnTo), label: 'プレミアム会員になる' }
      : { href: paths.signUp(returnTo), label: '新規入会' };
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
      <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row sm:items-start">
        <div className="flex w-full flex-col items-center gap-1 sm:w-auto">
          <Link href={join.href} className={buttonClass('primary', 'w-full sm:w-auto')}>
            {join.label}
          </Link>
          {price && (
            <p className="text-sm font-bold" data-testid="entry-price">
              {formatEntryPrice(price)}
            </p>
          )}
        </div>
        {viewer !== 'guest' && (
          <Link href={paths.signIn(returnTo)} className={buttonClass('secondary', 'w-full sm:w-auto')}>
            ログイン
          </Link>
        )}
      </div>
    </section>
  );
}
