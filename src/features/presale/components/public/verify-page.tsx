import { getDb } from '@/server/db';
import { PageHeading } from '@/components/ui/page-heading';
import type { Site } from '@/features/site/server';
import { DrawVerifier } from '@/features/presale/components/draw-verifier';
import { offeringNames } from '@/features/presale/server/offering-names';

/** /presales/{id}/verify: anyone recomputes a published draw; the record holds receipt numbers only, no names. */
export async function VerifyPage({
  site,
  presaleId,
  round = null,
  entry,
}: {
  site: Site;
  presaleId: string;
  /** `?round=N`: a second round's record (docs/presale-draw.md, section 9). */
  round?: number | null;
  entry: string;
}) {
  const names = await offeringNames(await getDb(), site.id, presaleId);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 md:py-12">
      <PageHeading>抽選の検証</PageHeading>
      <DrawVerifier presaleId={presaleId} round={round} entry={entry} offeringNames={names} />
    </div>
  );
}
