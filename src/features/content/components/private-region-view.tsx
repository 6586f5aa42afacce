import { FullItem } from '@/features/content/components/full-item';
import type { ItemFull } from '@/features/content/types';

/**
 * The member-only part of a premium member's item page, drawn into a cached shell that holds none of it
 * (docs/decisions/0012). The shell renders the empty region; the front server fills it per request after checking
 * the session, with the item's data as JSON beside the markup, so that the browser hydrates the same tree.
 */
export const EMPTY_PRIVATE_REGION = '<div data-private-region=""></div>';
export const PRIVATE_REGION_DATA_ID = 'fc-private-region';

export interface PrivateRegionData {
  item: ItemFull;
  /** The server's time of the render, for the presale state. */
  now: string;
}

/** JSON safe inside a script element: no "</script>" or "<!--" can close or open anything. */
function scriptJson(data: PrivateRegionData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export function FilledRegion({ data }: { data: PrivateRegionData }) {
  return (
    <div data-private-region="">
      <script
        type="application/json"
        id={PRIVATE_REGION_DATA_ID}
        dangerouslySetInnerHTML={{ __html: scriptJson(data) }}
      />
      <FullItem item={data.item} now={new Date(data.now)} />
    </div>
  );
}
