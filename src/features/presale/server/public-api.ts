import 'server-only';
import type { NextRequest } from 'next/server';
import { z } from '@/lib/zod';
import { getDb } from '@/server/db';
import { jsonFromError } from '@/server/http/responses';
import { getSite } from '@/features/site/app';
import { readDrawLog } from './draw-log';
import { presaleFairness, publishedDraws } from './public-draws';
import { secondRoundRecordFile } from './second-round';
import { publishedRecordFile } from './view';

/*
 * The draws' open data, for everyone and signed out: nothing here is personal (receipt numbers, hashes, times), so a
 * shared cache may keep it briefly; a published record's bytes never change.
 */
const BRIEFLY = 60;
const publicHeaders = (seconds: number) => ({ 'Cache-Control': `public, max-age=${Math.max(0, seconds)}` });

const PUBLISHES_AT = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function notFound(message: string, extra: Record<string, string> = {}, seconds = BRIEFLY): Response {
  return Response.json(
    { error: { code: 'NOT_FOUND', message }, ...extra },
    { status: 404, headers: publicHeaders(seconds) },
  );
}

const NO_SUCH_PRESALE = 'この先行受付は見つかりません。';

type HostParams = { host: string };

/**
 * GET /api/presales/[id]/record: the record file as the draw wrote it (the bytes the draw log hashed). Unknown here
 * and not published yet are told apart: the second says when.
 */
export async function getDrawRecord(
  _request: NextRequest,
  context: { params: Promise<HostParams & { id: string }> },
) {
  try {
    const params = await context.params;
    const site = await getSite(params.host);
    if (!site || !z.uuid().safeParse(params.id).success) return notFound(NO_SUCH_PRESALE);
    const now = new Date();
    const found = await publishedRecordFile(await getDb(), site.id, params.id, now);
    if (found.kind === 'missing') return notFound(NO_SUCH_PRESALE);
    if (found.kind === 'none') return notFound('この先行受付は中止されたため、抽選記録はありません。');
    if (found.kind === 'pending') {
      // Cached no longer than until it is out.
      const left = Math.ceil((found.publishesAt.getTime() - now.getTime()) / 1000);
      return notFound(
        `抽選記録は ${PUBLISHES_AT.format(found.publishesAt)} に公開されます。`,
        { publishesAt: found.publishesAt.toISOString() },
        Math.min(BRIEFLY, left),
      );
    }
    return new Response(found.file, {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `inline; filename="draw-${params.id}.json"`,
        ...publicHeaders(3600),
      },
    });
  } catch (error) {
    return jsonFromError(error);
  }
}

/**
 * GET /api/presales/[id]/rounds/[number]/record: a second round's record file (docs/presale-draw.md, section 9),
 * beside the first round's, exactly the bytes the draw log hashed. Published as soon as the round is drawn.
 */
export async function getRoundRecord(
  _request: NextRequest,
  context: { params: Promise<HostParams & { id: string; number: string }> },
) {
  try {
    const params = await context.params;
    const site = await getSite(params.host);
    const number = /^[1-9][0-9]{0,6}$/.test(params.number) ? Number(params.number) : 0;
    if (!site || !z.uuid().safeParse(params.id).success || number < 2) return notFound(NO_SUCH_ROUND);
    const file = await secondRoundRecordFile(await getDb(), site.id, params.id, number);
    if (file === null) return notFound(NO_SUCH_ROUND);
    return new Response(file, {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `inline; filename="draw-${params.id}-round-${number}.json"`,
        ...publicHeaders(3600),
      },
    });
  } catch (error) {
    return jsonFromError(error);
  }
}

const NO_SUCH_ROUND = 'この抽選回の記録は見つかりません。';

/** GET /api/draws: every published draw of the site, with its verification page and record (open data). */
export async function getDraws(_request: NextRequest, context: { params: Promise<HostParams> }) {
  try {
    const site = await getSite((await context.params).host);
    if (!site) return notFound('お探しのページが見つかりませんでした。');
    const draws = await publishedDraws(await getDb(), site.id);
    return Response.json({ site: site.slug, draws }, { headers: publicHeaders(BRIEFLY) });
  } catch (error) {
    return jsonFromError(error);
  }
}

/** GET /api/draws/log: the site's draw log, fc-draw-log-v1, exactly as drawLogSchema reads it. */
export async function getDrawLog(_request: NextRequest, context: { params: Promise<HostParams> }) {
  try {
    const site = await getSite((await context.params).host);
    if (!site) return notFound('お探しのページが見つかりませんでした。');
    const log = await readDrawLog(await getDb(), site.id, site.slug);
    return Response.json(log, { headers: publicHeaders(BRIEFLY) });
  } catch (error) {
    return jsonFromError(error);
  }
}

/** GET /api/presales/item/[itemId]/fairness: what the item's presale fixed in advance, for everyone (or null). */
export async function getPresaleFairness(
  _request: NextRequest,
  context: { params: Promise<HostParams & { itemId: string }> },
) {
  try {
    const params = await context.params;
    const site = await getSite(params.host);
    if (!site || !z.uuid().safeParse(params.itemId).success) return notFound(NO_SUCH_PRESALE);
    const fairness = await presaleFairness(await getDb(), site.id, params.itemId);
    return Response.json(fairness, { headers: publicHeaders(30) });
  } catch (error) {
    return jsonFromError(error);
  }
}
