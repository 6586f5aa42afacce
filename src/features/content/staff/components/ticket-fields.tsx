import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { buttonClass } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { EMPTY_PERFORMANCE, type ItemFormValues } from '@/features/content/staff/schemas';

/** 公演と受付: a ticket's performances (added and removed freely), its application window and presale. */
export function TicketFields({ form }: { form: UseFormReturn<ItemFormValues> }) {
  const performances = useFieldArray({ control: form.control, name: 'performances' });
  const { errors } = form.formState;
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-lg border border-line p-4">
      <legend className="px-1 font-bold">公演と受付</legend>
      {performances.fields.map((field, index) => (
        <div
          key={field.id}
          className="grid gap-3 rounded-md border border-line p-3 md:grid-cols-2"
          data-testid="performance"
        >
          <p className="font-bold md:col-span-2">公演 {index + 1}</p>
          <TextField
            label="開演日時"
            type="datetime-local"
            error={errors.performances?.[index]?.startsAt?.message}
            {...form.register(`performances.${index}.startsAt`)}
          />
          <TextField
            label="開場日時（任意）"
            type="datetime-local"
            error={errors.performances?.[index]?.doorsAt?.message}
            {...form.register(`performances.${index}.doorsAt`)}
          />
          <TextField
            label="会場"
            error={errors.performances?.[index]?.venue?.message}
            {...form.register(`performances.${index}.venue`)}
          />
          <TextField
            label="地域（任意）"
            error={errors.performances?.[index]?.area?.message}
            {...form.register(`performances.${index}.area`)}
          />
          <button
            type="button"
            className={buttonClass('secondary', 'justify-self-start md:col-span-2')}
            onClick={() => performances.remove(index)}
          >
            公演 {index + 1} を削除
          </button>
        </div>
      ))}
      <button
        type="button"
        className={buttonClass('secondary', 'self-start')}
        onClick={() => performances.append({ ...EMPTY_PERFORMANCE })}
      >
        公演を追加
      </button>
      <ApplicationFields form={form} />
    </fieldset>
  );
}

/** The application window and the presale code / application URL shown to members. */
function ApplicationFields({ form }: { form: UseFormReturn<ItemFormValues> }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <TextField
        label="受付開始日時"
        type="datetime-local"
        error={errors.applyFrom?.message}
        {...form.register('applyFrom')}
      />
      <TextField
        label="受付終了日時"
        type="datetime-local"
        error={errors.applyUntil?.message}
        {...form.register('applyUntil')}
      />
      <TextField
        label="先行コード（会員のみに表示）"
        error={errors.presaleCode?.message}
        {...form.register('presaleCode')}
      />
      <TextField
        label="申し込み URL（https）"
        type="url"
        inputMode="url"
        error={errors.applyUrl?.message}
        {...form.register('applyUrl')}
      />
    </div>
  );
}
