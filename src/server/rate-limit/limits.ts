/**
 * Every rate limit of the product, in one table (README "Rate limits"). Counts are kept in PostgreSQL, so every app
 * instance sees the same ones. An address is the client's IP as the front server saw it (client-address.ts), an IPv6
 * client counted by its /64 (address-key.ts); an account is the identity provider's uid. Over a limit: 429 with
 * Retry-After and a Japanese message.
 *
 * Limits stop scripts, not crowds (issue 40): what a person does is counted per account, and every new account costs
 * a proof of work. Per address only a backstop is counted, sized for carrier-grade NAT: we assume one mobile carrier's
 * IPv4 address may carry up to 500 fans joining and signing in within ten minutes at a club's opening, and give three
 * times that. A script of many accounts pays for each with a proof of work, and one that sends tokens the provider
 * refuses makes its address ask every sign-in for a proof (session-failure:address).
 */
export const RATE_LIMITS = {
  /** Sign-ins (server sessions made from an ID token) from one address: a backstop, a carrier's NAT shares one. */
  'session:address': { points: 1_500, seconds: 600 },
  /**
   * Sign-ins refused (a token the provider does not accept) from one address. Past these, every sign-in from the
   * address needs a solved proof of work (428), the crowd behind it included: a person solves one in about a quarter
   * of a second, a script pays that for every try.
   */
  'session-failure:address': { points: 20, seconds: 600 },
  /** Sign-ins of one account, from anywhere: more is someone replaying stolen tokens. */
  'session:account': { points: 10, seconds: 600 },
  /** Sign-up steps saved by one account: a person makes about six per sign-up, and corrects a few. */
  'signup:account': { points: 60, seconds: 3_600 },
  /** Sign-up steps saved from one address: a backstop for a carrier's NAT (1,500 sign-ups of about eight steps). */
  'signup:address': { points: 12_000, seconds: 3_600 },
  /**
   * Postal-code lookups from one address (the address step fills the prefecture and city): a lookup is an in-memory
   * read, so the backstop only stops a scraper; a crowd behind a carrier's NAT makes a few hundred a minute at most.
   */
  'postal:address': { points: 600, seconds: 60 },
  /** Verification mails asked for again by one account (the payment step's 再送; the provider limits its own sends too). */
  'verify-mail:account': { points: 5, seconds: 3_600 },
  /** Staff writes of one account (content, files, members, plans, team, legal pages). */
  'staff-write:account': { points: 120, seconds: 60 },
  /** One-click unsubscribes from one address: signed out, so guessing tokens is slowed down (they are HMACs anyway). */
  'unsubscribe:address': { points: 30, seconds: 60 },
  /** Presale applications, changes, cancels and companion answers of one account: a person needs a handful. */
  'presale:account': { points: 20, seconds: 600 },
  /**
   * Distinct member numbers one account names as companions (同行者) in one presale per hour. A fan names up to three
   * and may mistype a few or replace one who declined; more is someone walking the member numbers (issue 37).
   */
  'presale-companion:account': { points: 8, seconds: 3_600 },
  /** Messages a fan sends through the in-club contact form (new questions and answers): a person needs a few. */
  'support:account': { points: 10, seconds: 3_600 },
  /** Marks a number as named already (by that account, in that presale) so that naming it again costs nothing. */
  'presale-companion:named': { points: 1_000_000, seconds: 3_600 },
  /**
   * Live chat messages of one account (decision 0051): a person types one every few seconds at most; a burst of 20
   * a minute is a script or a flood. Slow mode, set by staff, is stricter and counted apart.
   */
  'chat:account': { points: 20, seconds: 60 },
  /** Reports of chat messages by one account: a handful per stream. */
  'chat-report:account': { points: 30, seconds: 3_600 },
} as const satisfies Record<string, { points: number; seconds: number }>;

export type RateLimitName = keyof typeof RATE_LIMITS;
