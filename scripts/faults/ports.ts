import net from 'node:net';

/** The first port from `from` on which nothing listens on loopback (a run beside another keeps to its own). */
export async function freePort(from: number, tries = 20): Promise<number> {
  for (let port = from; port < from + tries; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${from + tries - 1}`);
}
