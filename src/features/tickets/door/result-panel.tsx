import type { DoorResult } from '@/features/tickets/types';

const TITLES: Record<DoorResult['outcome'], string> = {
  admitted: '入場OK',
  member: '会員証OK',
  refused: '入場できません',
  duplicate: '重複入場の疑い',
};

/** The answer for the person at the door: big, coloured, with the holder to compare with their ID. */
export function ResultPanel({ result }: { result: DoorResult | null }) {
  if (!result) return null;
  const good = result.outcome === 'admitted' || result.outcome === 'member';
  return (
    <section
      role="alert"
      data-testid="door-result"
      data-outcome={result.outcome}
      data-reason={result.reason ?? ''}
      className={`rounded-xl p-5 text-white ${good ? 'bg-green-700' : 'bg-red-700'}`}
    >
      <p className="text-3xl font-bold">{TITLES[result.outcome]}</p>
      <p className="mt-2 font-bold" data-testid="door-message">
        {result.message}
      </p>
      {(result.holderName || result.memberNumber) && (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          {result.holderName && (
            <>
              <dt>名義</dt>
              <dd className="font-bold" data-testid="door-holder">
                {result.holderName}
              </dd>
            </>
          )}
          {result.memberNumber && (
            <>
              <dt>会員番号</dt>
              <dd className="font-bold">{result.memberNumber}</dd>
            </>
          )}
          {result.seat && (
            <>
              <dt>座席</dt>
              <dd className="font-bold">{result.seat}</dd>
            </>
          )}
          {result.access && (
            <>
              <dt>ご要望</dt>
              <dd className="font-bold" data-testid="door-access">
                {result.access}
              </dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
