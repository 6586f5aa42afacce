import { Link } from '@/components/ui/link';
import { paths } from '@/lib/paths';
import type { SectionId } from '@/features/site';

export interface StaffSection {
  id: SectionId;
  label: string;
}

/** One tab per section the site offers (FC_CONTENTS without the external link). */
export function SectionTabs({ sections, current }: { sections: StaffSection[]; current: SectionId }) {
  return (
    <nav aria-label="セクション" className="-mx-4 overflow-x-auto px-4">
      <ul className="flex min-w-max gap-1 border-b border-line">
        {sections.map((section) => {
          const active = section.id === current;
          return (
            <li key={section.id}>
              <Link
                href={paths.staff.content(section.id)}
                aria-current={active ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center px-4 text-sm font-bold ${
                  active ? 'border-b-4 border-primary' : 'text-ink/75 hover:text-ink'
                }`}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
