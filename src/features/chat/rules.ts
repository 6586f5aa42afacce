/** The chat's limits (decision 0051), shared by the form and the server. */
export const CHAT_MAX_LENGTH = 200;
/** Slow mode's choices in the console, in seconds (0: off). */
export const SLOW_MODE_CHOICES = [0, 5, 10, 30, 60] as const;
/** A viewer joining without a last id sees this many recent messages. */
export const CHAT_BACKLOG = 50;

/**
 * How NG words are compared: full-width and half-width alike (NFKC), upper and lower case alike, katakana as
 * hiragana, spaces ignored: ＢＡＫＡ, baka, バカ and ば か all meet the word.
 */
export function normalizeForNg(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) - 0x60))
    .replace(/\s+/g, '');
}

/** The first NG word the text contains, or null. */
export function ngWordIn(text: string, words: readonly string[]): string | null {
  const normalized = normalizeForNg(text);
  for (const word of words) {
    const needle = normalizeForNg(word);
    if (needle && normalized.includes(needle)) return word;
  }
  return null;
}

/** A message as sent: trimmed, line breaks kept as spaces (one line beside the stream). */
export function cleanMessage(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').trim();
}
