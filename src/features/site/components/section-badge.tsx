import { Badge } from '@/components/ui/badge';
import type { UserStatus } from '@/features/site/schema';

/** Marks a section that only premium members can read in full. */
export function SectionBadge({ status }: { status: UserStatus }) {
  return status === 'premium' ? <Badge>会員限定</Badge> : null;
}
