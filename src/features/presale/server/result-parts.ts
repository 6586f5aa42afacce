import 'server-only';
import { sql } from 'drizzle-orm';

/*
 * The parts of a member's result that live in other tables than the application: its choices (offering ids by rank)
 * and its companions. One SQL for both readers, the live view before the results time (view.ts) and the result row
 * written once at the results time (result-rows.ts), so that the row says exactly what the live view said. The names
 * are written out: Drizzle leaves the table off a column of a one-table select, which inside a subquery would name
 * the subquery's own table; both readers select from "presale_applications" unaliased.
 */
export const choicesOfApplication = sql<string[]>`coalesce((
  select json_agg(c.offering_id order by c.rank) from presale_choices c
  where c.application_id = "presale_applications"."id"
), '[]'::json)`;

/** Ordered by member number, so that the row and the live view list them alike; an unanswered invitation is 'invited'. */
export const companionsOfApplication = sql<
  { memberNumber: number | null; nickname: string | null; status: string }[]
>`coalesce((
  select json_agg(json_build_object(
    'memberNumber', m.member_number, 'nickname', m.nickname, 'status', coalesce(p.companion_status, 'invited')
  ) order by m.member_number nulls last, m.id)
  from presale_participants p join members m on m.id = p.member_id
  where p.application_id = "presale_applications"."id" and p.role = 'companion'
), '[]'::json)`;
