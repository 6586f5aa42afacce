import { spawn } from 'node:child_process';
import { cpuSeconds } from './bench-app';

/**
 * One core kept busy beside a benchmark (`--busy`, issue 40's margin): a child process that spins at normal priority,
 * as another tenant's job on a shared host would. It ends by itself after `maxSeconds` even if the benchmark dies
 * without stopping it, and `stop()` ends it earlier; stop answers how many CPU seconds it took, which shows whether it
 * really held a core (about its wall time) or was squeezed out.
 */
export interface CpuHog {
  pid: number;
  stop(): Promise<{ wallSeconds: number; cpuSeconds: number }>;
}

export function startCpuHog(maxSeconds: number): CpuHog {
  const started = Date.now();
  // A busy loop that checks the clock now and then: one thread, one core, no memory.
  const code = `const end = Date.now() + ${Math.round(maxSeconds * 1000)};
let x = 0;
while (Date.now() < end) for (let i = 0; i < 1e6; i++) x = (x * 31 + i) | 0;`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid!,
    async stop() {
      const used = (await cpuSeconds(child.pid!)) ?? 0;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      return { wallSeconds: (Date.now() - started) / 1000, cpuSeconds: used };
    },
  };
}
