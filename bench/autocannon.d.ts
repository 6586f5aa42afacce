/**
 * The part of autocannon 8's programmatic API that scripts/bench.ts uses (@types/autocannon describes 7.x).
 * Latencies are in milliseconds; `errors` counts socket errors and timeouts, `non2xx` the other answers.
 */
declare module 'autocannon' {
  export interface Histogram {
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

  /** What setupRequest is given and answers: the request about to be built. */
  export interface RequestData {
    method: string;
    path: string;
    headers: Record<string, string>;
    body?: string;
  }

  /**
   * One entry of `requests`: each connection sends them in turn. setupRequest runs before each request is built;
   * onResponse gets every answer (headers with their names as sent).
   */
  export interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    setupRequest?: (request: RequestData, context: Record<string, unknown>) => RequestData;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string | string[]>,
    ) => void;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: RequestSpec[];
  }

  export interface Result {
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
