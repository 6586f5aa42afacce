import { Link } from '@/components/ui/link';
import { Button, buttonClass } from '@/components/ui/button';

/** The submit button, and the way back to the previous step (what was entered there is kept). */
export function FormActions({
  submitLabel,
  busy,
  backHref,
}: {
  submitLabel: string;
  busy: boolean;
  backHref?: string | null;
}) {
  return (
    <div className="mt-2 flex flex-col-reverse gap-3 md:flex-row md:justify-between">
      {backHref ? (
        <Link href={backHref} className={buttonClass('secondary')}>
          戻る
        </Link>
      ) : (
        <span />
      )}
      <Button type="submit" disabled={busy} className="md:min-w-48">
        {busy ? '保存しています…' : submitLabel}
      </Button>
    </div>
  );
}
