'use client';

import { useRouter } from 'next/navigation';
import { toast } from '@/components/ui/toast';
import { paths } from '@/lib/paths';
import { useAuth } from '@/features/auth/components/auth-provider';
import { NewPasswordForm } from '@/features/auth/components/new-password-fields';
import { useReauthentication } from '@/features/auth/components/use-reauthentication';

/**
 * Password change. The provider revokes the member's other sign-ins when the password changes; this device gets a
 * fresh token, and with it a fresh server session.
 */
export function ChangePasswordForm() {
  const router = useRouter();
  const { user, handleError, startSession, accountChecksSettled } = useAuth();
  const { withReauthentication, dialog } = useReauthentication();

  return (
    <>
      <NewPasswordForm
        submitLabel="パスワードを変更する"
        onSave={async (password) => {
          if (!user) return;
          const { EmailAuthProvider, reauthenticateWithCredential, updatePassword } =
            await import('firebase/auth');
          await accountChecksSettled();
          try {
            const result = await withReauthentication(user, () => updatePassword(user, password));
            if (!result.done) return;
            // The change revokes every earlier sign-in, this one included on some providers (the emulator keeps the
            // old sign-in time in its new token): signing in again with the new password gives a token the server
            // accepts for the fresh session.
            if (user.email)
              await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
            await startSession(user, { forceRefresh: true });
          } catch (error) {
            const described = handleError(error);
            return described.field ? described.message : undefined;
          }
          toast.success('パスワードを変更しました');
          router.push(paths.myPage());
        }}
      />
      {dialog}
    </>
  );
}
