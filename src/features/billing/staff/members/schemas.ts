import { z } from '@/lib/zod';
import { STAFF_MEMBER_STATUSES, type StaffMemberStatus } from '@/features/billing/staff/members/status';

export const MEMBERS_PAGE_SIZE = 50;

/** The members list's filter, as it lives in the URL query (so that a filtered list can be shared and exported). */
export interface MemberFilter {
  q: string;
  status: StaffMemberStatus | null;
  planId: string | null;
  page: number;
}

type QueryInput = URLSearchParams | Record<string, string | string[] | undefined>;

const first = (input: QueryInput, key: string): string => {
  const value = input instanceof URLSearchParams ? input.get(key) : input[key];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the filter from a query. A hand-edited URL never fails: an unknown status or plan, or a page that is not a
 * positive number, reads as no filter (page 1). The search is NFKC-normalised (全角 digits and letters, half-width
 * kana) and at most 100 characters.
 */
export function parseMemberFilter(input: QueryInput): MemberFilter {
  const status = first(input, 'status');
  const planId = first(input, 'plan');
  const page = Number.parseInt(first(input, 'page'), 10);
  return {
    q: first(input, 'q').normalize('NFKC').trim().slice(0, 100),
    status: (STAFF_MEMBER_STATUSES as readonly string[]).includes(status)
      ? (status as StaffMemberStatus)
      : null,
    planId: UUID.test(planId) ? planId.toLowerCase() : null,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query string of a filter (empty values left out), for links, paging and the export. */
export function memberFilterQuery(filter: Partial<MemberFilter>, options: { page?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.status) params.set('status', filter.status);
  if (filter.planId) params.set('plan', filter.planId);
  if (options.page !== false && filter.page && filter.page > 1) params.set('page', String(filter.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** At most this far ahead: a grant is a gesture, not a lifetime membership. */
export const MAX_GRANT_DAYS = 731;

/** The grant form and API: the last day of premium, as a date (yyyy-mm-dd, Japan time). */
export const grantSchema = z.object({
  endsOn: z
    .string({ error: '終了日を入力してください。' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '終了日を正しい日付で入力してください。' }),
});
export type GrantInput = z.infer<typeof grantSchema>;
