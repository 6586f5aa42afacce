import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import type { ItemFormValues } from '@/features/content/staff/schemas';

/** A movie's YouTube embed (left empty when the movie is an uploaded file). */
export function MovieFields({ form }: { form: UseFormReturn<ItemFormValues> }) {
  const { errors } = form.formState;
  return (
    <TextField
      label="YouTube の動画（ID または URL）"
      hint="例：https://www.youtube.com/watch?v=XXXXXXXXXXX。動画ファイルをアップロードする場合は空欄にします。"
      error={errors.youtube?.message}
      {...form.register('youtube')}
    />
  );
}
