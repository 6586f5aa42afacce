/** Stands in for a cover the viewer may not see, or an item without one: nothing of the item's files. */
export function LockedCover({ locked }: { locked: boolean }) {
  return (
    <div
      aria-hidden="true"
      className="flex aspect-[16/10] items-center justify-center bg-gradient-to-br from-secondary to-primary text-ink"
    >
      {locked ? (
        <span className="flex flex-col items-center gap-1 text-xs font-bold tracking-widest">
          <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2">
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" />
          </svg>
          MEMBERS ONLY
        </span>
      ) : (
        <span className="text-xs font-bold tracking-widest">NO IMAGE</span>
      )}
    </div>
  );
}
