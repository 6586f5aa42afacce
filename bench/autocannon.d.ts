/**
 * The part of autocannon 8's programmatic API that scripts/bench.ts uses (@types/autocannon describes 7.x).
 * Latencies are in milliseconds; `errors` counts socket errors and timeouts, `non2xx` the other answers.
 */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
  }

  interface Result {
    duration: number;
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
