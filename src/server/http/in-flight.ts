import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How many requests this process is working on now, each counted until its answer's headers go out: a crowd at a
 * presale's opening or result time shows as a couple of hundred at once, a site's ordinary day as a handful, and a
 * chat viewer's open stream not at all (its headers go out at once). The job runner lets its due jobs wait while a
 * crowd is here (server.ts; issue 40).
 */
let inFlight = 0;
/** Requests waiting at once that make a crowd: a handful on an ordinary day, hundreds at a presale's peak. */
export const CROWD_IN_FLIGHT = 32;
/** Since when the count has stayed at a crowd's, or null. */
let crowdedSince: number | null = null;

export const requestsInFlight = (): number => inFlight;

/**
 * Whether a crowd has been here without a break for `ms`: a browser loading one page (its scripts, fonts and pictures
 * at once) makes a crowd's count for a moment, a presale's peak for a minute.
 */
export const crowdedFor = (ms: number, now = performance.now()): boolean =>
  crowdedSince !== null && now - crowdedSince >= ms;

/** Counts the request until its headers are written, its answer is sent or its connection closes. */
export function countInFlight(req: IncomingMessage, res: ServerResponse): void {
  inFlight++;
  if (inFlight >= CROWD_IN_FLIGHT && crowdedSince === null) crowdedSince = performance.now();
  let done = false;
  const end = () => {
    if (done) return;
    done = true;
    inFlight--;
    if (inFlight < CROWD_IN_FLIGHT) crowdedSince = null;
  };
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    end();
    return writeHead.apply(this, args);
  } as typeof writeHead;
  res.once('finish', end);
  res.once('close', end);
}
