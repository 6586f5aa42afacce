import type { Metadata } from 'next';
import type { HostParams } from '@/features/site';
import { paths } from '@/lib/paths';
import { getDb } from '@/server/db';
import { requireStaffPage } from '@/features/staff/app';
import { doorPerformances } from '@/features/tickets/server';
import { DoorCheck } from '@/features/tickets/ui';

export const metadata: Metadata = { title: '入場チェック' };

export default async function StaffDoorRoute(props: HostParams) {
  const host = (await props.params).host;
  const actor = await requireStaffPage(host, 'door:check', paths.staff.door());
  const performances = await doorPerformances(await getDb(), actor.siteId);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-xl font-bold">入場チェック</h1>
      <p className="text-sm">
        電子チケットのコードをカメラで読み取るか、手入力コードを入力してください。通信が切れても端末で署名と有効期限を確認し、戻ったときに同期します。
      </p>
      <DoorCheck performances={performances} />
    </div>
  );
}
