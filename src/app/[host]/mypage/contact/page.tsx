import type { Metadata } from 'next';
import { paths } from '@/lib/paths';
import { requireJoinedMember } from '@/features/membership/app';
import { ContactPage } from '@/features/support/app';

// Personal: rendered for each request from the session cookie, never cached.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'お問い合わせ', robots: { index: false } };

type Props = {
  params: Promise<{ host: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export default async function ContactRoute({ params, searchParams }: Props) {
  const { site, member } = await requireJoinedMember(params, paths.contact());
  const query = await searchParams;
  return (
    <ContactPage
      site={site}
      member={member}
      query={{ payment: one(query.payment), ticket: one(query.ticket), from: one(query.from) }}
    />
  );
}
