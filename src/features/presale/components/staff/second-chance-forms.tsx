'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { toast } from '@/components/ui/toast';
import { postJson } from '@/lib/post-json';

/** 制作開放席: seats of one seat type released for the next 復活当選 round (audited). */
export function ReleaseSeatsForm({
  itemId,
  offerings,
}: {
  itemId: string;
  offerings: { id: string; name: string }[];
}) {
  const router = useRouter();
  const [offeringId, setOfferingId] = useState(offerings[0]?.id ?? '');
  const [seats, setSeats] = useState('1');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-line p-4"
      aria-labelledby="release-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void (async () => {
          setBusy(true);
          const result = await postJson(`/api/staff/presales/${itemId}/released-seats`, {
            offeringId,
            seats,
          });
          setBusy(false);
          if (!result.ok) return setError(result.message);
          setError(undefined);
          toast.success('制作開放席を追加しました');
          router.refresh();
        })();
      }}
    >
      <h3 id="release-heading" className="font-bold">
        制作開放席を追加
      </h3>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-bold">席種</span>
        <select
          value={offeringId}
          onChange={(event) => setOfferingId(event.target.value)}
          className="rounded border border-line px-3 py-2"
        >
          {offerings.map((offering) => (
            <option key={offering.id} value={offering.id}>
              {offering.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-bold">席数</span>
        <input
          type="number"
          min={1}
          max={10000}
          inputMode="numeric"
          value={seats}
          onChange={(event) => setSeats(event.target.value)}
          className="w-32 rounded border border-line px-3 py-2"
        />
      </label>
      <FormError message={error} />
      <Button type="submit" variant="secondary" disabled={busy} className="self-start">
        追加する
      </Button>
    </form>
  );
}

/** Draws the 復活当選 round now; a second click finds it drawn (the server draws each round once). */
export function RunSecondChanceButton({ itemId, disabled }: { itemId: string; disabled: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  return (
    <div className="flex flex-col gap-2">
      <Button
        disabled={busy || disabled}
        className="self-start"
        onClick={() => {
          void (async () => {
            setBusy(true);
            const result = await postJson<{ status: string; number?: number; winners?: number }>(
              `/api/staff/presales/${itemId}/second-chance`,
              {},
            );
            setBusy(false);
            if (!result.ok) return setError(result.message);
            setError(undefined);
            const run = result.data;
            toast.success(
              run.status === 'drawn'
                ? `第${run.number}回の抽選を行いました（当選 ${run.winners}件）`
                : run.status === 'waiting'
                  ? `第${run.number}回の抽選は乱数ビーコンを待っています。しばらくしてもう一度押してください。`
                  : '抽選する席または待機中の方がいません',
            );
            router.refresh();
          })();
        }}
      >
        {busy ? '抽選しています…' : '復活当選の抽選を行う'}
      </Button>
      <FormError message={error} />
    </div>
  );
}
