/** The live badge in the theme's live colour: a stream on now, or a presale taking applications now. */
export function LiveBadge({ label = 'LIVE' }: { label?: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-live px-2.5 py-0.5 text-xs font-bold text-on-live">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current motion-safe:animate-pulse" />
      {label}
    </span>
  );
}
