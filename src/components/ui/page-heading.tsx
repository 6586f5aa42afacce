import type { ReactNode } from 'react';

/** The large page heading of spec 9 (40 px bold on the spec's site, from the site's text styles). */
export function PageHeading({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mb-8 flex flex-wrap items-end gap-3 border-b border-line pb-4">
      <h1 className="text-page-heading tracking-wider break-words">{children}</h1>
      {aside}
    </div>
  );
}
