import { Link } from '@/components/ui/link';
import type { SiteConfig } from '@/features/site/schema';
import { navItems } from '@/features/site/navigation';
import { NavLink } from '@/features/site/components/nav-link';
import { MobileMenu } from '@/features/site/components/mobile-menu';
import { paths } from '@/lib/paths';
import type { ReactNode } from 'react';

/**
 * `authLinks` (sign-in, My page) come from the layout: the site sits below auth, which draws them (decision 0042).
 */
export function SiteHeader({ config, authLinks }: { config: SiteConfig; authLinks: ReactNode }) {
  const items = navItems(config);
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex min-h-16 max-w-6xl items-center justify-between gap-3 px-4 py-2 md:gap-4">
        {/* The club's name whole, never cut: on a phone it wraps onto two or three short lines beside the buttons. */}
        <Link
          href={paths.home()}
          className="min-w-0 text-xs leading-tight font-bold wrap-anywhere text-ink sm:text-sm md:text-base"
          data-testid="site-name"
        >
          {config.SERVICE_NAME}
        </Link>
        <nav aria-label="メインメニュー" className="hidden md:block" data-testid="desktop-nav">
          <ul className="flex items-center gap-6">
            {items.map((item) => (
              <li key={item.id}>
                <NavLink
                  item={item}
                  className="text-desktop-menu tracking-widest text-ink hover:text-tertiary aria-[current=page]:border-b-2 aria-[current=page]:border-primary"
                />
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          {authLinks}
          <MobileMenu items={items} />
        </div>
      </div>
    </header>
  );
}
