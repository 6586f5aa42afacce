import type { SignUpStep } from '@/features/site';
import { STEP_LABELS } from '@/features/signup/steps';

/** Where the member is in the site's flow: "ステップ 3 / 7" and one mark per step, the current one announced. */
export function SignUpProgress({ flow, current }: { flow: readonly SignUpStep[]; current: SignUpStep }) {
  const index = flow.indexOf(current);
  return (
    <nav aria-label="入会手続きの進み具合" className="mb-8">
      <p className="mb-3 text-sm font-bold" data-testid="signup-step">
        ステップ {index + 1} / {flow.length}：{STEP_LABELS[current]}
      </p>
      <ol className="grid gap-1" style={{ gridTemplateColumns: `repeat(${flow.length}, minmax(0, 1fr))` }}>
        {flow.map((step, i) => (
          <li
            key={step}
            aria-current={step === current ? 'step' : undefined}
            className="flex flex-col items-center gap-1 text-center"
          >
            <span
              aria-hidden
              className={`h-1.5 w-full rounded-full ${i <= index ? 'bg-primary' : 'bg-surface-muted'}`}
            />
            {/* On a phone the line above names the step; the labels would wrap mid-word in seven narrow columns. */}
            <span
              className={`sr-only text-[10px] leading-tight tracking-tighter whitespace-nowrap md:not-sr-only ${i === index ? 'font-bold' : ''}`}
            >
              <span className="sr-only">{i < index ? '完了：' : i === index ? '現在：' : ''}</span>
              {STEP_LABELS[step]}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
