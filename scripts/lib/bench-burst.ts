/**
 * The presale burst of `npm run bench`: many distinct premium members at once on the TICKET list and one TICKET item,
 * each request with the next member's session cookie, while the app server's RSS is sampled every 250 ms. Every
 * answer is checked as it arrives: it must name the premium rendering (x-fc-audience), and the item's must carry its
 * premium body, so that a cookie the app did not honour cannot pass for a fast answer.
 */
import autocannon, { type RequestSpec } from 'autocannon';
import { measurementOf, sampleRss, watchCpu, type Measurement } from './bench-load';

export const BURST = { sessions: 2_000, connections: 200, seconds: 30 };

export interface BurstResult extends Measurement {
  name: string;
  paths: string[];
  connections: number;
  seconds: number;
  /** Distinct session cookies sent (each request takes the next one, round the pool). */
  distinctSessions: number;
  sessions: number;
  /** Answers checked as they arrived, and those that were not the premium rendering (or lacked the item's body). */
  checkedAnswers: number;
  wrongAnswers: number;
  wrongExamples: string[];
  answersPerPath: Record<string, number>;
  measuredPid: number;
  measuredCommand: string;
}

function headerOf(headers: Record<string, string | string[]>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(', ') : value;
  }
  return undefined;
}

export async function presaleBurst(options: {
  base: string;
  listPath: string;
  itemPath: string;
  itemMarker: string;
  cookies: string[];
  headers: Record<string, string>;
  appPid: number;
  appCommand: string;
  /** Processes whose CPU time is reported, by name. */
  cpuOf: Record<string, number>;
}): Promise<BurstResult> {
  const { cookies } = options;
  const sent = new Uint8Array(cookies.length);
  let next = 0;
  let checkedAnswers = 0;
  let wrongAnswers = 0;
  const wrongExamples: string[] = [];
  const answersPerPath: Record<string, number> = {};
  const spec = (path: string, marker: string | null): RequestSpec => {
    answersPerPath[path] = 0;
    return {
      method: 'GET',
      path,
      headers: options.headers,
      setupRequest: (request) => {
        const index = next++ % cookies.length;
        sent[index] = 1;
        return { ...request, headers: { ...request.headers, cookie: cookies[index]! } };
      },
      onResponse: (status, body, _context, headers) => {
        checkedAnswers += 1;
        answersPerPath[path] = (answersPerPath[path] ?? 0) + 1;
        const audience = headerOf(headers, 'x-fc-audience');
        const bodyOk = marker === null || body.includes(marker);
        if (status !== 200 || audience !== 'premium' || !bodyOk) {
          wrongAnswers += 1;
          if (wrongExamples.length < 5)
            wrongExamples.push(
              `${path}: ${status}, x-fc-audience ${audience ?? 'none'}, premium body ${bodyOk}`,
            );
        }
      },
    };
  };
  // Each connection sends the list and the item in turn.
  const requests = [spec(options.listPath, null), spec(options.itemPath, options.itemMarker)];
  const cpu = await watchCpu(options.cpuOf);
  const rss = sampleRss(options.appPid);
  const result = await autocannon({
    url: options.base,
    connections: BURST.connections,
    duration: BURST.seconds,
    requests,
  }).catch((error: unknown) => {
    rss.stop();
    throw error;
  });
  const rssSeen = rss.stop();
  const measured = measurementOf(result, rssSeen, await cpu.stop());
  return {
    ...measured,
    name: `presale burst (${cookies.length} premium sessions)`,
    paths: [options.listPath, options.itemPath],
    connections: BURST.connections,
    seconds: BURST.seconds,
    distinctSessions: sent.reduce((sum, used) => sum + used, 0),
    sessions: cookies.length,
    checkedAnswers,
    wrongAnswers,
    wrongExamples,
    answersPerPath,
    measuredPid: options.appPid,
    measuredCommand: options.appCommand,
  };
}
