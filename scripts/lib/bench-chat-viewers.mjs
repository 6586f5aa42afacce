/**
 * A worker thread of `npm run bench:chat`: holds its share of the chat streams, as browsers' EventSources would, and
 * records what each receives. Plain JavaScript on node:http (no loader): the viewers are spread over a few threads so
 * that reading 2,000 streams does not delay the senders' posts in the main thread, nor the times it measures.
 * In: workerData { base, itemId, cookies }. Out: 'ready' once every stream has its state; on 'finish', each
 * viewer's message numbers and every delivery time (ms from the post's send time, carried in the message body).
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { base, itemId, cookies } = workerData;
const viewers = [];
const delays = [];

function open(cookie) {
  return new Promise((resolve, reject) => {
    const viewer = { seqs: [], state: false, request: null };
    let pending = '';
    viewer.request = http.get(
      `${base}/api/chat/${itemId}/stream`,
      { agent: false, headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`stream answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          const frames = (pending + chunk).split('\n\n');
          pending = frames.pop() ?? '';
          const now = Date.now();
          for (const frame of frames) {
            // Cheap reads of a frame: its id line, its kind and the send time in the body ("bench <i> <ms>").
            if (frame.includes('"kind":"state"')) {
              viewer.state = true;
              resolve(viewer);
              continue;
            }
            if (!frame.includes('"kind":"message"')) continue;
            const id = /^id: (\d+)/.exec(frame);
            const sent = /"body":"bench \d+ (\d+)"/.exec(frame);
            if (id) viewer.seqs.push(Number(id[1]));
            if (sent) delays.push(now - Number(sent[1]));
          }
        });
      },
    );
    viewer.request.on('error', reject);
  });
}

for (let start = 0; start < cookies.length; start += 50) {
  viewers.push(...(await Promise.all(cookies.slice(start, start + 50).map(open))));
}
parentPort.postMessage({ kind: 'ready', open: viewers.filter((viewer) => viewer.state).length });
parentPort.on('message', () => {
  for (const viewer of viewers) viewer.request.destroy();
  parentPort.postMessage({ kind: 'done', seqs: viewers.map((viewer) => viewer.seqs), delays });
});
