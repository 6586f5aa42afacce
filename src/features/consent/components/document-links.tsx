import { paths } from '@/lib/paths';

/** The current versions as the browser shows them (dates already written out on the server). */
export interface VersionsView {
  terms: { version: number; label: string; title: string } | null;
  privacy: { version: number; label: string; title: string } | null;
}

/** Links to the documents, opened in a new tab; each says which version is meant. */
export function DocumentLinks({ versions }: { versions: VersionsView }) {
  const documents = [
    versions.terms && { href: paths.legal('terms'), ...versions.terms },
    versions.privacy && { href: paths.legal('privacy'), ...versions.privacy },
  ].filter((document) => document !== null);
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {documents.map((document) => (
        <li key={document.href}>
          <a
            href={document.href}
            target="_blank"
            rel="noopener"
            className="font-bold underline underline-offset-4"
          >
            {document.title}
            <span className="sr-only">（新しいタブで開きます）</span>
          </a>{' '}
          <span className="text-xs">{document.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** The agreement the browser posts for these versions. */
export const agreementOf = (versions: VersionsView) => ({
  terms: versions.terms?.version ?? null,
  privacy: versions.privacy?.version ?? null,
});
