'use client';

import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import type { NavItem } from '@/features/site/navigation';
import { NavLink } from '@/features/site/components/nav-link';

/** The hamburger menu of phones: a modal dialog (focus trapped, Escape closes) listing every section. */
export function MobileMenu({ items }: { items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className="grid size-11 place-items-center rounded-md bg-hamburger text-ink md:hidden"
        aria-label="メニューを開く"
        data-testid="hamburger"
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
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-hamburger p-6 text-ink shadow-xl outline-none"
          aria-describedby={undefined}
        >
          <div className="mb-6 flex items-center justify-between">
            <Dialog.Title className="text-mobile-menu">メニュー</Dialog.Title>
            <Dialog.Close
              className="grid size-11 place-items-center rounded-md"
              aria-label="メニューを閉じる"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <nav aria-label="メインメニュー">
            <ul className="flex flex-col">
              {items.map((item) => (
                <li key={item.id} className="border-b border-ink/20">
                  <NavLink
                    item={item}
                    className="block py-4 text-mobile-menu tracking-wider aria-[current=page]:underline"
                    onNavigate={() => setOpen(false)}
                  />
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
