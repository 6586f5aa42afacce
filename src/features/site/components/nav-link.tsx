'use client';

import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import type { NavItem } from '@/features/site/navigation';

interface NavLinkProps {
  item: NavItem;
  className?: string;
  onNavigate?: () => void;
}

/** A menu entry: internal sections mark the current page, the store opens in a new tab. */
export function NavLink({ item, className, onNavigate }: NavLinkProps) {
  const pathname = usePathname();
  if (item.external) {
    return (
      <a
        href={item.href}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        onClick={onNavigate}
      >
        {item.label}
        <span className="sr-only">（新しいタブで開きます）</span>
      </a>
    );
  }
  const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
  return (
    <Link
      href={item.href}
      aria-current={current ? 'page' : undefined}
      className={className}
      onClick={onNavigate}
    >
      {item.label}
    </Link>
  );
}
