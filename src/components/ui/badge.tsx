import type { ReactNode } from 'react';

export function Badge({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center rounded-full bg-badge px-2.5 py-0.5 text-xs font-bold text-ink">
      {children}
    </span>
  );
}
