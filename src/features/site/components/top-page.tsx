import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import type { SiteConfig } from '@/features/site/schema';
import type { SectionId } from '@/features/site/sections';
import { findSection } from '@/features/site/navigation';
import { SectionBadge } from '@/features/site/components/section-badge';
import { paths } from '@/lib/paths';

/**
 * The top page: the club's name, then the sections of TOP_PAGE_CONTENT in their configured order, each with what
 * the caller puts there (the content feature's latest items).
 */
export function TopPage({
  config,
  latest,
}: {
  config: SiteConfig;
  latest: Partial<Record<SectionId, ReactNode>>;
}) {
  const sections = config.TOP_PAGE_CONTENT.flatMap((id) => findSection(config, id) ?? []);
  return (
    <>
      <section className="bg-surface-sub px-4 py-14 text-center">
        <h1 className="mx-auto max-w-3xl text-page-heading text-lp-logo">{config.SERVICE_NAME}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-sm leading-relaxed md:text-base">{config.DESCRIPTION}</p>
      </section>
      <div className="mx-auto max-w-6xl px-4">
        {sections.map((section) => (
          <section
            key={section.id}
            aria-labelledby={`top-${section.id}`}
            className="border-b border-line py-10 last:border-b-0"
            data-top-section={section.id}
          >
            <div className="mb-5 flex items-center gap-3">
              <h2 id={`top-${section.id}`} className="text-top-title tracking-wider">
                {section.displayName}
              </h2>
              <SectionBadge status={section.requiredUserStatus} />
            </div>
            {latest[section.id] ?? (
              <p className="rounded-lg bg-surface-muted px-4 py-8 text-center text-sm">
                まだ公開されている記事はありません。
              </p>
            )}
            <div className="mt-5 text-right">
              <Link
                href={paths.section(section.id)}
                className="text-sm font-bold underline underline-offset-4"
              >
                {section.displayName} 一覧へ
              </Link>
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
