'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { toast } from '@/components/ui/toast';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { ROLE_LABELS, type StaffRole } from '@/features/staff/roles';
import { ROLE_ORDER } from '@/features/staff/team/schemas';
import { ConfirmAction } from '@/features/staff/team/components/confirm-action';
import { sendJson } from '@/lib/post-json';

/** A staff member's role change and removal. Changing one's own role or leaving reloads the console. */
export function StaffRowActions({
  member,
  self,
}: {
  member: { uid: string; displayName: string; email: string; role: StaffRole };
  self: boolean;
}) {
  const router = useRouter();
  const [role, setRole] = useState<StaffRole>(member.role);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const url = `/api/staff/team/${encodeURIComponent(member.uid)}`;
  const after = () => {
    // One's own role changed or gone: the console opens afresh with what the new role may do.
    if (self) router.push(paths.staff.home());
    else router.refresh();
  };
  const selectId = `role-${member.uid}`;
  return (
    <div className="flex flex-col gap-2 md:items-end">
      <div className="flex flex-wrap items-center gap-2 md:justify-end">
        <label htmlFor={selectId} className="sr-only">
          {member.displayName}の役割
        </label>
        <select
          id={selectId}
          value={role}
          onChange={(event) => setRole(event.target.value as StaffRole)}
          className="min-h-11 rounded-md border border-line bg-surface px-2 text-sm"
        >
          {ROLE_ORDER.map((option) => (
            <option key={option} value={option}>
              {ROLE_LABELS[option]}
            </option>
          ))}
        </select>
        <Button
          variant="secondary"
          className="min-h-11 px-4 text-sm"
          aria-label={`${member.displayName}の役割を変更`}
          disabled={busy || role === member.role}
          onClick={async () => {
            setBusy(true);
            setError(null);
            const result = await sendJson('PATCH', url, { role });
            setBusy(false);
            if (!result.ok) {
              setError(result.fields.role ?? result.message);
              setRole(member.role);
              return;
            }
            toast.success(`${member.displayName}の役割を${ROLE_LABELS[role]}に変更しました`);
            after();
          }}
        >
          {busy ? '変更しています…' : '変更'}
        </Button>
        <ConfirmAction
          triggerLabel="削除"
          triggerName={`${member.displayName}をスタッフから削除`}
          title="スタッフから削除しますか？"
          description={
            <p>
              {member.displayName}（{member.email}
              ）はスタッフ管理を使えなくなります。アカウントと会員情報はそのまま残ります。
            </p>
          }
          confirmLabel="削除する"
          busyLabel="削除しています…"
          onConfirm={async () => {
            const result = await sendJson('DELETE', url);
            if (!result.ok) return result.message;
            toast.success(`${member.displayName}をスタッフから削除しました`);
            after();
            return null;
          }}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm font-bold text-error">
          {error}
        </p>
      )}
    </div>
  );
}
