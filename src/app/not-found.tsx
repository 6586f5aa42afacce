import type { Metadata } from 'next';
import { ErrorPanel } from '@/components/ui/error-panel';

export const metadata: Metadata = { title: 'ページが見つかりません', robots: { index: false } };

/** The plain 404 of a host no club owns: nothing of any club's site. */
export default function NotFound() {
  return (
    <ErrorPanel status={404} title="ページが見つかりません">
      <p>お探しのページは見つかりませんでした。URL をご確認ください。</p>
    </ErrorPanel>
  );
}
