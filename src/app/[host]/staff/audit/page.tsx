import type { Metadata } from 'next';
import { paths } from '@/lib/paths';
import { requireStaffPage, AuditPage } from '@/features/staff/app';

export const metadata: Metadata = { title: '操作履歴' };

type Props = {
  params: Promise<{ host: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export default async function StaffAuditRoute({ params, searchParams }: Props) {
  const actor = await requireStaffPage((await params).host, 'audit:read', paths.staff.audit());
  const query = await searchParams;
  return <AuditPage actor={actor} query={{ kind: one(query.kind), before: one(query.before) }} />;
}
