import { Link } from '@/components/ui/link';
import { ErrorPanel } from '@/components/ui/error-panel';
import { paths } from '@/lib/paths';

/** The 404 page of a known site, inside its header and footer. */
export default function SiteNotFound() {
  return (
    <ErrorPanel status={404} title="ページが見つかりません">
      <p>お探しのページは移動または削除されたか、URL が間違っている可能性があります。</p>
      <Link href={paths.home()} className="rounded-full bg-primary px-6 py-3 font-bold text-ink">
        トップページへ戻る
      </Link>
    </ErrorPanel>
  );
}
