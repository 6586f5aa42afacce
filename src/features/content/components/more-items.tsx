'use client';

import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ViewerLevel } from '@/features/content/types';
import type { SectionId } from '@/features/site';

// The query client and the list's next pages: downloaded on the first もっと見る, not with every list page.
const PagedItems = lazy(() => import('@/features/content/components/paged-items'));

export interface MoreItemsProps {
  section: SectionId;
  viewer: ViewerLevel;
  /** The API's cursor after the server-rendered first page. */
  cursor: string;
}

/** もっと見る under a section's first page; the first press loads the pager, which fetches the next page at once. */
export function MoreItems(props: MoreItemsProps) {
  const [open, setOpen] = useState(false);
  const waiting = (
    <div className="mt-8 flex flex-col items-center gap-2" aria-live="polite">
      <Button type="button" variant="secondary" onClick={() => setOpen(true)} disabled={open}>
        {open ? '読み込み中…' : 'もっと見る'}
      </Button>
    </div>
  );
  if (!open) return waiting;
  return (
    <Suspense fallback={waiting}>
      <PagedItems {...props} />
    </Suspense>
  );
}
