'use client';

import type { RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import type { NavItem } from '@/features/site/navigation';
import { NavLink } from '@/features/site/components/nav-link';

/**
 * The hamburger menu's modal dialog (focus trapped, Escape closes) listing every section. Loaded with its dialog
 * library only when a phone's visitor reaches for the menu (mobile-menu.tsx).
 */
export default function MobileMenuDialog({
  items,
  open,
  onOpenChange,
  trigger,
}: {
  items: NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-hamburger p-6 text-ink shadow-xl outline-none"
          aria-describedby={undefined}
          // The trigger is not Radix's own (it renders before the library loads): focus goes back to it by hand.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
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
                    onNavigate={() => onOpenChange(false)}
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
