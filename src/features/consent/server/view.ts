import 'server-only';
import { describeVersion, type CurrentVersions } from '@/features/consent/versions';
import type { VersionsView } from '@/features/consent/components/document-links';

/** The versions for a page: written out here, so the browser gets text, not dates to format. */
export function versionsView(current: CurrentVersions): VersionsView {
  const view = (kind: 'terms' | 'privacy') => {
    const version = current[kind];
    return version && { version: version.version, label: describeVersion(version), title: version.title };
  };
  return { terms: view('terms'), privacy: view('privacy') };
}
