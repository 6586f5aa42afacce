import { NextResponse, type NextRequest } from 'next/server';
import { getDb } from '@/server/db';
import { requestAddress } from '@/server/http/client-address';
import { jsonError, jsonFromError } from '@/server/http/responses';
import { consumeRateLimit } from '@/server/rate-limit/limiter';
import { postalCodeSchema } from '@/features/signup';
import { lookupPostalCode } from '@/features/signup/server';

type Context = { params: Promise<{ host: string; code: string }> };

/** Japan Post's public data, the same for every site and viewer: a browser or a shared cache may keep it a day. */
const PUBLIC_DAY = { 'Cache-Control': 'public, max-age=86400' };

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** GET /api/postal-codes/100-0001 (or 〒１００-０００１): `{ addresses }` for the address step to fill in. */
export async function GET(request: NextRequest, context: Context) {
  try {
    await consumeRateLimit(await getDb(), 'postal:address', requestAddress(request));
    const parsed = postalCodeSchema.safeParse(decoded((await context.params).code));
    if (!parsed.success) return jsonError('BAD_REQUEST', parsed.error.issues[0]?.message);
    const addresses = await lookupPostalCode(parsed.data);
    if (addresses.length === 0) return jsonError('NOT_FOUND', '該当する住所が見つかりません。');
    return NextResponse.json({ addresses }, { headers: PUBLIC_DAY });
  } catch (error) {
    return jsonFromError(error);
  }
}
