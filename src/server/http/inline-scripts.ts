import { Parser } from 'htmlparser2';

/** Script types a browser runs (a data block, such as JSON-LD or JSON, is never run and needs no hash). */
const RUN_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/**
 * The text of every inline script the page runs, read with an HTML tokenizer (htmlparser2), not a pattern: what a
 * kept rendering's Content-Security-Policy lists the hashes of.
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  let current: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== 'script') return;
        const type = (attributes.type ?? '').trim().toLowerCase();
        current = attributes.src === undefined && RUN_TYPES.has(type) ? '' : null;
      },
      ontext(text) {
        if (current !== null) current += text;
      },
      onclosetag(name) {
        if (name !== 'script') return;
        if (current !== null) scripts.push(current);
        current = null;
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  return scripts;
}
