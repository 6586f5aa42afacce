import { Link } from '@/components/ui/link';
import { ErrorPanel } from '@/components/ui/error-panel';
import { paths } from '@/lib/paths';

/** 403 inside the site's header and footer: a signed-in user without the role the page needs. Nothing of it is shown. */
export default function SiteForbidden() {
  return (
    <ErrorPanel status={403} title="このページを表示する権限がありません">
      <p>スタッフ用のページです。権限が必要な場合は、サイトのオーナーにお問い合わせください。</p>
      <Link href={paths.home()} className="rounded-full bg-primary px-6 py-3 font-bold text-ink">
        トップページへ戻る
      </Link>
    </ErrorPanel>
  );
}
