import { cancelText, orderTerms, type CancelWay, type TermsPlan } from '@/features/billing/terms';

/** The 最終確認画面's content: every term the law asks to be shown where the order is confirmed. */
export function FinalConfirmation({
  plan,
  method,
  days,
  cancel,
}: {
  plan: TermsPlan;
  method: 'card' | 'konbini';
  days: number;
  cancel: CancelWay;
}) {
  return (
    <section
      aria-labelledby="final-confirmation-heading"
      className="mb-6 rounded-lg border-2 border-primary p-4 text-sm"
      data-testid="final-confirmation"
    >
      <h3 id="final-confirmation-heading" className="mb-3 text-base font-bold">
        ご注文内容の最終確認
      </h3>
      <dl className="grid gap-3">
        {orderTerms(plan, method, days).map(({ term, detail }) => (
          <div key={term}>
            <dt className="font-bold">{term}</dt>
            <dd className="leading-relaxed">{detail}</dd>
          </div>
        ))}
        <div>
          <dt className="font-bold">解約・退会の方法</dt>
          <dd className="leading-relaxed">
            {cancelText(cancel, method)}
            {method === 'card' && !cancel.onMyPage && (
              <>
                {' '}
                <a
                  href={cancel.helpDeskHref}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="underline underline-offset-4"
                >
                  お問い合わせフォーム
                </a>
              </>
            )}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-xs">下のボタンを押すと、上記の内容でお申し込みが確定します。</p>
    </section>
  );
}
