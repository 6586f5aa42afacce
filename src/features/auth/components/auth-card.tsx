import type { ReactNode } from 'react';

/** The narrow column every sign-in and account page uses. */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 md:py-16">
      <h1 className="text-page-heading mb-4 tracking-wider break-words">{title}</h1>
      {lead && <div className="mb-8 text-sm leading-relaxed">{lead}</div>}
      {children}
    </div>
  );
}

/** The panel shown once an action is done, in place of its form. */
export function DonePanel({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="status" className="rounded-lg border border-line bg-surface-sub p-6 leading-relaxed">
      <p className="font-bold">{title}</p>
      {children && <div className="mt-3 text-sm">{children}</div>}
    </div>
  );
}
