'use client';

export type AccessNeed = 'none' | 'wheelchair' | 'other';

const NEEDS: [AccessNeed, string][] = [
  ['none', '特になし'],
  ['wheelchair', '車椅子スペース（同伴者1名の席を含む）'],
  ['other', 'その他の配慮（下に内容をご記入ください）'],
];

/**
 * The application's accessibility request (decision 0053), where the presale offers it: it does not change the draw;
 * after it, the club seats the winners who asked. Only the club's staff in charge of members read it.
 */
export function AccessRequest({
  need,
  note,
  error,
  onChange,
}: {
  need: AccessNeed;
  note: string;
  error?: string;
  onChange: (need: AccessNeed, note: string) => void;
}) {
  return (
    <fieldset aria-describedby="access-hint" data-testid="access-request">
      <legend className="mb-1 text-sm font-bold">車椅子席などのご要望</legend>
      <p id="access-hint" className="mb-2 text-xs text-ink/75">
        抽選の結果には影響しません。当選された場合、運営が座席を調整してご案内します。内容は運営の会員担当スタッフだけが確認します。
      </p>
      {NEEDS.map(([value, label]) => (
        <label key={value} className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name="accessNeed"
            value={value}
            checked={need === value}
            onChange={() => onChange(value, note)}
          />
          <span>{label}</span>
        </label>
      ))}
      {need !== 'none' && (
        <label className="mt-2 block">
          <span className="mb-1 block text-sm font-bold">
            ご要望の内容{need === 'other' ? '（必須）' : '（任意）'}
          </span>
          <textarea
            className="min-h-20 w-full rounded-lg border border-line bg-surface p-3"
            maxLength={200}
            value={note}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange(need, event.target.value)}
          />
          <span className="block text-xs text-ink/75">200文字以内</span>
          {error && <span className="block text-sm text-error">{error}</span>}
        </label>
      )}
    </fieldset>
  );
}
