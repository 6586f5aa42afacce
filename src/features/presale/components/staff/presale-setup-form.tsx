'use client';

import { useRouter } from 'next/navigation';
import { useFieldArray, useForm, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { CONTROL_CLASS, FieldFrame, useFieldIds } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { sendJson } from '@/lib/post-json';
import { presaleSetupSchema, type PresaleSetup, type PresaleSetupInput } from '@/features/presale/schemas';

type Form = UseFormReturn<PresaleSetupInput, unknown, PresaleSetup>;

const JST_HINT = '日本時間';
const emptyToNull = (value: unknown) => (value === '' ? null : value);

function Offerings({ form, index }: { form: Form; index: number }) {
  const offerings = useFieldArray({ control: form.control, name: `performances.${index}.offerings` });
  const errors = form.formState.errors.performances?.[index]?.offerings;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-bold">席種（税込）</legend>
      {offerings.fields.map((field, o) => (
        <div
          key={field.id}
          className="grid grid-cols-1 gap-3 rounded-md bg-surface-sub p-3 sm:grid-cols-[2fr_1fr_1fr_auto]"
        >
          <TextField
            label="席種"
            maxLength={40}
            error={errors?.[o]?.seatType?.message}
            {...form.register(`performances.${index}.offerings.${o}.seatType`)}
          />
          <TextField
            label="座席数"
            type="number"
            inputMode="numeric"
            min={0}
            error={errors?.[o]?.capacity?.message}
            {...form.register(`performances.${index}.offerings.${o}.capacity`, { valueAsNumber: true })}
          />
          <TextField
            label="料金（円）"
            type="number"
            inputMode="numeric"
            min={0}
            error={errors?.[o]?.priceYen?.message}
            {...form.register(`performances.${index}.offerings.${o}.priceYen`, { valueAsNumber: true })}
          />
          <Button
            variant="text"
            className="self-end pb-3"
            disabled={offerings.fields.length === 1}
            onClick={() => offerings.remove(o)}
          >
            席種を削除
          </Button>
        </div>
      ))}
      {errors?.root?.message && <p className="text-sm font-bold text-error">{errors.root.message}</p>}
      <Button
        variant="secondary"
        className="self-start"
        disabled={offerings.fields.length >= 10}
        onClick={() => offerings.append({ seatType: '', capacity: 100, priceYen: 8800 })}
      >
        席種を追加
      </Button>
    </fieldset>
  );
}

function Performances({ form }: { form: Form }) {
  const performances = useFieldArray({ control: form.control, name: 'performances' });
  const errors = form.formState.errors.performances;
  return (
    <section aria-labelledby="performances-heading" className="flex flex-col gap-4">
      <h3 id="performances-heading" className="font-bold">
        公演
      </h3>
      {performances.fields.map((field, index) => (
        <fieldset
          key={field.id}
          className="flex flex-col gap-4 rounded-lg border border-line p-4"
          data-testid="performance"
        >
          <legend className="px-1 font-bold">公演{index + 1}</legend>
          <TextField
            label="会場"
            maxLength={80}
            error={errors?.[index]?.venue?.message}
            {...form.register(`performances.${index}.venue`)}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              label="開場"
              hint={`${JST_HINT}。空欄可`}
              type="datetime-local"
              error={errors?.[index]?.doorsAt?.message}
              {...form.register(`performances.${index}.doorsAt`, { setValueAs: emptyToNull })}
            />
            <TextField
              label="開演"
              hint={JST_HINT}
              type="datetime-local"
              error={errors?.[index]?.startsAt?.message}
              {...form.register(`performances.${index}.startsAt`)}
            />
          </div>
          <Offerings form={form} index={index} />
          <Button
            variant="text"
            className="self-start"
            disabled={performances.fields.length === 1}
            onClick={() => performances.remove(index)}
          >
            公演{index + 1}を削除
          </Button>
        </fieldset>
      ))}
      {errors?.root?.message && <p className="text-sm font-bold text-error">{errors.root.message}</p>}
      <Button
        variant="secondary"
        className="self-start"
        disabled={performances.fields.length >= 20}
        onClick={() =>
          performances.append({
            startsAt: '',
            doorsAt: null,
            venue: '',
            offerings: [{ seatType: '指定席', capacity: 1000, priceYen: 8800 }],
          })
        }
      >
        公演を追加
      </Button>
    </section>
  );
}

function Choice({
  form,
  name,
  label,
  options,
}: {
  form: Form;
  name: FieldPath<PresaleSetupInput>;
  label: string;
  options: [string, string][];
}) {
  const error = (form.formState.errors as Record<string, { message?: string } | undefined>)[name]?.message;
  const ids = useFieldIds(undefined, error);
  return (
    <FieldFrame ids={ids} label={label} error={error}>
      <select
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={CONTROL_CLASS}
        {...form.register(name, {
          setValueAs: (value: string) => (/^\d+$/.test(value) ? Number(value) : value),
        })}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/**
 * Staff set up the presale of a TICKET item: performances and seat types, the rules, the window and the result
 * time (Japan time). Saving is allowed until the window opens; the server checks everything again.
 */
export function PresaleSetupForm({
  itemId,
  values,
  exists,
}: {
  itemId: string;
  values: PresaleSetupInput;
  exists: boolean;
}) {
  const router = useRouter();
  const form: Form = useForm<PresaleSetupInput, unknown, PresaleSetup>({
    resolver: zodResolver(presaleSetupSchema),
    defaultValues: values,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async () => {
    const result = await sendJson<{ id: string }>('PUT', `/api/staff/presales/${itemId}`, form.getValues());
    if (!result.ok) {
      let placed = false;
      for (const [field, message] of Object.entries(result.fields)) {
        if (field === 'form') continue;
        // The server names fields by the same paths as this form (performances.0.venue).
        form.setError(field as FieldPath<PresaleSetupInput>, { message });
        placed = true;
      }
      if (!placed) form.setError('root', { message: result.message });
      return;
    }
    toast.success(exists ? '先行受付の条件を保存しました' : '先行受付を設定しました');
    router.refresh();
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-6"
      aria-label="先行受付の設定"
    >
      <Performances form={form} />
      <section aria-labelledby="rules-heading" className="flex flex-col gap-4">
        <h3 id="rules-heading" className="font-bold">
          受付の条件
        </h3>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Choice
            form={form}
            name="ticketsPerApplication"
            label="1申込の上限枚数"
            options={[1, 2, 3, 4].map((n) => [String(n), `${n}枚`])}
          />
          <Choice
            form={form}
            name="choiceCount"
            label="希望数"
            options={[1, 2, 3].map((n) => [String(n), n === 1 ? '第1希望のみ' : `第${n}希望まで`])}
          />
          <Choice
            form={form}
            name="companionRule"
            label="同行者"
            options={[
              ['member', '会員の同行者のみ（本人の承認が必要）'],
              ['none', '同行者なし'],
            ]}
          />
          <Choice
            form={form}
            name="konbiniDeadlineDays"
            label="コンビニ払いの支払期限"
            options={[1, 2, 3, 4, 5, 6, 7].map((n) => [String(n), `当落発表から${n}日`])}
          />
        </div>
        <label className="flex min-h-11 items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1" {...form.register('accessibilityRequests')} />
          <span>
            <span className="font-bold">車椅子席などのご要望を申込で受け付ける</span>
            <span className="block text-xs text-ink/75">
              ご要望は抽選に影響しません。当選後、運営が座席を調整します。内容は会員情報の閲覧権限（サポート・オーナー）のあるスタッフだけが見られます。
            </span>
          </span>
        </label>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="受付開始"
            hint={JST_HINT}
            type="datetime-local"
            error={errors.opensAt?.message}
            {...form.register('opensAt')}
          />
          <TextField
            label="受付終了"
            hint={JST_HINT}
            type="datetime-local"
            error={errors.closesAt?.message}
            {...form.register('closesAt')}
          />
          <TextField
            label="当落発表"
            hint={JST_HINT}
            type="datetime-local"
            error={errors.resultsAt?.message}
            {...form.register('resultsAt')}
          />
          <TextField
            label="入会締切"
            hint="この日時より前に入会し、抽選時にプレミアム会員である方が申し込めます（日本時間）"
            type="datetime-local"
            error={errors.joinedBefore?.message}
            {...form.register('joinedBefore')}
          />
        </div>
      </section>
      <FormError message={errors.root?.message} />
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? '保存しています…' : exists ? '条件を保存する' : '先行受付を設定する'}
      </Button>
    </form>
  );
}
