import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import type { ItemFormValues } from '@/features/content/staff/schemas';
import { Toggle } from '@/features/content/staff/components/form-controls';

/** 公開設定: open to everyone, the publication date (a future one schedules it), the LIVE mark. */
export function PublishSettingsFields({ form }: { form: UseFormReturn<ItemFormValues> }) {
  const { errors } = form.formState;
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-lg border border-line p-4">
      <legend className="px-1 font-bold">公開設定</legend>
      <Toggle
        label="全員に公開"
        hint="オンにすると、会員でない人も本文まで見られます。オフのときはセクションの会員限定の設定に従います。"
        {...form.register('openToAll')}
      />
      <TextField
        label="公開日時（日本時間）"
        type="datetime-local"
        hint="未来の日時にして公開すると、その日時に公開されます（予約）。"
        error={errors.publishedAt?.message}
        {...form.register('publishedAt')}
      />
      <Toggle
        label="LIVE"
        hint="配信中などのとき、一覧と記事に LIVE の印を付けます。"
        {...form.register('isLive')}
      />
    </fieldset>
  );
}
