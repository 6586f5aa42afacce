'use client';

import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';

export interface StaffNavLink {
  href: string;
  label: string;
}

/** The console's sections the actor's role opens; the current one is marked for screen readers too. */
export function StaffNav({ links }: { links: StaffNavLink[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="スタッフメニュー" className="overflow-x-auto">
      <ul className="flex gap-1 text-sm whitespace-nowrap">
        {links.map((link) => {
          const current = pathname === link.href || pathname.startsWith(`${link.href}/`);
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={current ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-full px-4 font-bold ${
                  current ? 'bg-ink text-surface' : 'hover:bg-surface-sub'
                }`}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
