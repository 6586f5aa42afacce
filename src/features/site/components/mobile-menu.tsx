'use client';

import { lazy, Suspense, useRef, useState } from 'react';
import type { NavItem } from '@/features/site/navigation';

const loadDialog = () => import('@/features/site/components/mobile-menu-dialog');
const MobileMenuDialog = lazy(loadDialog);

/**
 * The hamburger button of phones. The dialog it opens (and Radix's dialog code, ~12 kB) is fetched when the visitor
 * reaches for the button, not with every page: a page that is only read does not pay for it.
 */
export function MobileMenu({ items }: { items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadDialog();
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="grid size-11 place-items-center rounded-md bg-hamburger text-ink md:hidden"
        aria-label="メニューを開く"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        data-testid="hamburger"
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
        </svg>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuDialog items={items} open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      )}
    </>
  );
}
