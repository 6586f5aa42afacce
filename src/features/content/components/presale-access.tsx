import type { PresaleAccess } from '@/features/content/types';
import { buttonClass } from '@/components/ui/button';

/** The member-only part of a presale: the code to enter and the application page. */
export function PresaleAccessView({ presale, open }: { presale: PresaleAccess; open: boolean }) {
  if (!presale.code && !presale.applyUrl) return null;
  return (
    <section aria-labelledby="presale-access" className="rounded-xl border-2 border-tertiary px-5 py-5">
      <h2 id="presale-access" className="font-bold">
        会員先行 受付情報
      </h2>
      {presale.code && (
        <p className="mt-3">
          <span className="text-sm text-ink/75">先行受付コード</span>
          <code className="mt-1 block rounded bg-surface-muted px-3 py-2 font-mono text-lg font-bold break-all select-all">
            {presale.code}
          </code>
        </p>
      )}
      {presale.applyUrl && (
        <p className="mt-4">
          <a
            href={presale.applyUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('primary', 'w-full sm:w-auto')}
            aria-disabled={!open}
          >
            {open ? '申込ページへ（外部サイト）' : '申込ページ（受付期間外）'}
          </a>
        </p>
      )}
    </section>
  );
}
