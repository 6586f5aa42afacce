import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { countInFlight, CROWD_IN_FLIGHT, crowdedFor, requestsInFlight } from './in-flight';

let server: Server | null = null;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

describe('requests in flight', () => {
  it('counts a request until its headers go out: an answer, a stream, a client gone', async () => {
    const seen: number[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server = createServer((req, res) => {
      countInFlight(req, res);
      seen.push(requestsInFlight());
      if (req.url === '/stream') {
        // A chat viewer's stream: headers at once, then open for as long as the viewer watches.
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: hi\n\n');
        seen.push(requestsInFlight());
        void held.then(() => res.end());
        return;
      }
      void held.then(() => res.end('ok'));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const before = requestsInFlight();
    const stream = await fetch(`${base}/stream`);
    expect(stream.status).toBe(200);
    const waiting = [fetch(`${base}/a`), fetch(`${base}/b`)];
    await expect.poll(() => requestsInFlight()).toBe(before + 2);
    const gone = new AbortController();
    const leaving = fetch(`${base}/c`, { signal: gone.signal }).catch(() => null);
    await expect.poll(() => requestsInFlight()).toBe(before + 3);
    gone.abort();
    await leaving;
    await expect.poll(() => requestsInFlight()).toBe(before + 2);
    release();
    await Promise.all(waiting.map(async (answer) => (await answer).text()));
    await stream.body?.cancel();
    await expect.poll(() => requestsInFlight()).toBe(before);
    expect(seen.slice(0, 2)).toEqual([before + 1, before]);
  });

  it('calls it a crowd only once as many have waited at once for the whole time asked', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server = createServer((req, res) => {
      countInFlight(req, res);
      void held.then(() => res.end('ok'));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect(crowdedFor(0)).toBe(false);
    const waiting = Array.from({ length: CROWD_IN_FLIGHT }, (_, i) => fetch(`${base}/${i}`));
    await expect.poll(() => requestsInFlight()).toBeGreaterThanOrEqual(CROWD_IN_FLIGHT);
    expect(crowdedFor(0)).toBe(true);
    // A moment of it is not a second of it.
    expect(crowdedFor(1_000)).toBe(false);
    expect(crowdedFor(1_000, performance.now() + 1_000)).toBe(true);
    release();
    await Promise.all(waiting.map(async (answer) => (await answer).text()));
    await expect.poll(() => crowdedFor(0)).toBe(false);
  });
});
