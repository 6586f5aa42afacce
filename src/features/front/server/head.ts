import type { ServerResponse } from 'node:http';

/** The headers object given to `writeHead(status, [message], headers)`, if any (they win over those set before). */
export function givenHeaders(args: unknown[]): Record<string, unknown> | undefined {
  return args.find((arg): arg is Record<string, unknown> => typeof arg === 'object' && arg !== null);
}

/** A header of the answer about to be written: from writeHead's own headers, else as set before. */
export function headerOf(
  res: ServerResponse,
  given: Record<string, unknown> | undefined,
  name: string,
): string {
  const key = given && Object.keys(given).find((candidate) => candidate.toLowerCase() === name);
  return String((key ? given[key] : res.getHeader(name)) ?? '');
}
