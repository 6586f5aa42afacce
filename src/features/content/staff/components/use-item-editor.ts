import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/components/ui/toast';
import { paths } from '@/lib/paths';
import type { SectionId } from '@/features/site';
import { itemSchemaFor, type ItemFormValues } from '@/features/content/staff/schemas';
import { sendJson } from '@/lib/post-json';

export interface ItemStateView {
  id: string;
  section: SectionId;
  state: 'draft' | 'published';
  status: 'draft' | 'scheduled' | 'published';
  publishedAt: string;
  updatedAt: string;
}

export type EditorBusy = null | 'save' | 'publish' | 'unpublish' | 'delete';

const NOTICE = {
  publish: '公開しました',
  schedule: '公開を予約しました',
  unpublish: '公開を取り消しました',
};

/** The edit form of an item and what its buttons do: save, publish or unpublish (saving first), delete. */
export function useItemEditor({
  itemId,
  section,
  initialValues,
  initialState,
}: {
  itemId: string;
  section: SectionId;
  initialValues: ItemFormValues;
  initialState: ItemStateView;
}) {
  const router = useRouter();
  const [state, setState] = useState(initialState);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<EditorBusy>(null);
  const form = useForm<ItemFormValues>({
    resolver: zodResolver(itemSchemaFor(section)),
    defaultValues: initialValues,
  });
  const { isDirty } = form.formState;
  const api = `/api/staff/content/${itemId}`;

  // Edits not yet saved are not lost by closing the tab or reloading without a word.
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  /** PUT the values; field errors go beside their fields. true when saved. */
  const save = async (values: ItemFormValues): Promise<boolean> => {
    setFormError(null);
    const result = await sendJson<{ item: ItemStateView }>('PUT', api, values);
    if (!result.ok) {
      const known = Object.entries(result.fields).filter(([name]) => name !== 'form');
      for (const [name, message] of known) form.setError(name as Path<ItemFormValues>, { message });
      if (known.length === 0) setFormError(result.message);
      else setFormError('入力内容を確認してください。');
      return false;
    }
    setState(result.data.item);
    form.reset(values);
    return true;
  };

  const onSave = form.handleSubmit(async (values) => {
    setBusy('save');
    try {
      if (await save(values)) toast.success('保存しました');
    } finally {
      setBusy(null);
    }
  });

  const runAction = (action: 'publish' | 'unpublish') =>
    form.handleSubmit(async (values) => {
      setBusy(action);
      try {
        // Publishing publishes what is on the screen: unsaved edits are saved first.
        if (form.formState.isDirty && !(await save(values))) return;
        const result = await sendJson<{ item: ItemStateView }>('POST', `${api}/${action}`, {});
        if (!result.ok) {
          setFormError(result.message);
          return;
        }
        setState(result.data.item);
        const notice =
          action === 'unpublish'
            ? NOTICE.unpublish
            : result.data.item.status === 'scheduled'
              ? NOTICE.schedule
              : NOTICE.publish;
        toast.success(notice);
      } finally {
        setBusy(null);
      }
    });

  const onDelete = async () => {
    setBusy('delete');
    try {
      const result = await sendJson<{ deleted: string }>('DELETE', api);
      if (!result.ok) {
        setFormError(result.message);
        return;
      }
      form.reset(form.getValues());
      toast.success('削除しました');
      router.push(paths.staff.content(section));
      router.refresh();
    } finally {
      setBusy(null);
    }
  };

  const onBodyChange = useCallback(
    (html: string) => form.setValue('bodyHtml', html, { shouldDirty: true }),
    [form],
  );

  return { form, state, formError, busy, onSave, runAction, onDelete, onBodyChange };
}
