import type { ReactNode } from 'react';

/** The body of the 404 and 500 pages: a status, a Japanese explanation and what to do next. */
export function ErrorPanel({
  status,
  title,
  children,
}: {
  status: number;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-5xl font-bold tracking-widest" aria-hidden="true">
        {status}
      </p>
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <div className="mt-4 flex flex-col items-center gap-6 leading-relaxed">{children}</div>
    </div>
  );
}
