'use client';

import { useCallback, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from 'firebase/auth';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { reauthSchema, type ReauthValues } from '@/features/auth/schemas';
import { authErrorCode, describeAuthError } from '@/features/auth/errors';

type Pending = { user: User; resolve: (confirmed: boolean) => void };

/**
 * Runs a sensitive account change; when the provider answers requires-recent-login, asks for the password in a
 * dialog, signs in again with it and retries once. Returns false if the member cancelled.
 */
export function useReauthentication() {
  const [pending, setPending] = useState<Pending | null>(null);

  const withReauthentication = useCallback(
    async <T,>(user: User, action: () => Promise<T>): Promise<{ done: true; value: T } | { done: false }> => {
      try {
        return { done: true, value: await action() };
      } catch (error) {
        if (authErrorCode(error) !== 'auth/requires-recent-login') throw error;
      }
      const confirmed = await new Promise<boolean>((resolve) => setPending({ user, resolve }));
      setPending(null);
      if (!confirmed) return { done: false };
      return { done: true, value: await action() };
    },
    [],
  );

  const dialog = (
    <ReauthDialog
      open={pending !== null}
      user={pending?.user ?? null}
      onDone={(confirmed) => pending?.resolve(confirmed)}
    />
  );
  return { withReauthentication, dialog };
}

function ReauthDialog({
  open,
  user,
  onDone,
}: {
  open: boolean;
  user: User | null;
  onDone: (confirmed: boolean) => void;
}) {
  const form = useForm<ReauthValues>({
    resolver: zodResolver(reauthSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!user?.email) return onDone(false);
    const { EmailAuthProvider, reauthenticateWithCredential } = await import('firebase/auth');
    try {
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
      form.reset();
      onDone(true);
    } catch (error) {
      form.setError('password', { message: describeAuthError(error).message });
    }
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.reset();
          onDone(false);
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-surface p-6 text-ink shadow-xl">
          <Dialog.Title className="text-lg font-bold">パスワードの再入力</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm leading-relaxed">
            セキュリティのため、現在のパスワードをもう一度入力してください。
          </Dialog.Description>
          <form
            method="post"
            onSubmit={(event) => void onSubmit(event)}
            noValidate
            className="mt-5 flex flex-col gap-5"
          >
            <TextField
              label="現在のパスワード"
              type="password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            <div className="flex justify-end gap-3">
              <Dialog.Close asChild>
                <Button variant="secondary">キャンセル</Button>
              </Dialog.Close>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? '確認しています…' : '続ける'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
