import sanitizeHtml from 'sanitize-html';

/**
 * The only HTML an item's body may hold. Staff write rich text, fans' browsers render it: anything that could run
 * script (tags, attributes, URL schemes, CSS) is dropped here, on every write, before it reaches the database.
 * Images in a body point at the item's own files as `media:<id>` and get their URLs when a page is drawn.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'blockquote', 'br', 'img'],
  allowedAttributes: { a: ['href'], img: ['src', 'alt'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['media'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !MEDIA_SRC.test(frame.attribs.src ?? ''),
};
// simpleTransform adds rel/target after the attribute filter, so they must be allowed for the output too.
OPTIONS.allowedAttributes = { ...OPTIONS.allowedAttributes, a: ['href', 'rel', 'target'] };

const MEDIA_SRC = /^media:[0-9a-f-]{36}$/;

export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** What sanitize-html escapes in text, and back. */
const TEXT_ESCAPES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&amp;': '&',
};

/**
 * Plain text fields (titles, teasers, captions): no tags, whitespace tidied, and stored as text, not HTML. Every
 * output escapes once where it writes (React in pages and <title>, xml() in feeds), so the HTML escapes sanitize-html
 * puts in its output are undone here: kept, `A > B` showed as `A &gt; B`. One pass, so `&amp;lt;` becomes `&lt;`.
 */
export function plainText(text: string): string {
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(?:lt|gt|quot|#39|amp);/g, (escape) => TEXT_ESCAPES[escape] ?? escape)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The media ids a body places, in order. */
export function inlineMediaIds(html: string): string[] {
  return [...html.matchAll(/<img src="media:([0-9a-f-]{36})"/g)].map((match) => match[1]!);
}
