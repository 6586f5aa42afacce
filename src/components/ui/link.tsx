'use client';

import NextLink from 'next/link';
import { useRouter } from 'next/navigation';
import type { ComponentProps, FocusEvent, MouseEvent, TouchEvent } from 'react';

type LinkProps = ComponentProps<typeof NextLink>;

/**
 * next/link that prefetches the page a fan is about to open (pointer over it, finger on it, keyboard focus) rather
 * than every link that scrolls into view. A top page shows some fifteen links: prefetched on sight, each visitor's
 * first view cost that many extra requests to the server, which its page cache does not answer (`?_rsc=`), and a
 * phone parsed them while the page was still getting ready to respond. On a touch the prefetch leads the click by
 * about 100 ms; with a mouse, by the time the pointer rests.
 */
export function Link(props: LinkProps) {
  const router = useRouter();
  if (props.prefetch !== undefined) return <NextLink {...props} />;
  const { href, onMouseEnter, onTouchStart, onFocus } = props;
  const warm = () => {
    if (typeof href === 'string' && href.startsWith('/') && !href.startsWith('//')) router.prefetch(href);
  };
  return (
    <NextLink
      {...props}
      prefetch={false}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        warm();
        onMouseEnter?.(event);
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        warm();
        onTouchStart?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        warm();
        onFocus?.(event);
      }}
    />
  );
}
