'use client';

import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import {
  FilledRegion,
  PRIVATE_REGION_DATA_ID,
  type PrivateRegionData,
} from '@/features/content/components/private-region-view';

/** Kept for this page's lifetime, so that returning to the item through the router's cache draws it again. */
const seen = new Map<string, PrivateRegionData>();

function readData(itemId: string): PrivateRegionData | null {
  if (typeof document === 'undefined') return null;
  const kept = seen.get(itemId);
  if (kept) return kept;
  const text = document.getElementById(PRIVATE_REGION_DATA_ID)?.textContent;
  if (!text) return null;
  const data = JSON.parse(text) as PrivateRegionData;
  if (data.item.id !== itemId) return null;
  seen.set(itemId, data);
  return data;
}

/**
 * The member-only part of a premium member's item page, drawn into a cached shell that holds none of it
 * (docs/decisions/0012): empty when the shell is rendered, filled by the front server per request, and hydrated here
 * from the data the front server put beside the markup.
 */
export function PrivateRegion({ itemId }: { itemId: string }) {
  const [data] = useState(() => readData(itemId));
  const router = useRouter();
  useEffect(() => {
    // Not filled (this page came without its member part): ask the server for the member's rendering.
    if (!data) router.refresh();
  }, [data, router]);
  return data ? <FilledRegion data={data} /> : <div data-private-region="" />;
}
