const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checked before a query: PostgreSQL answers a malformed uuid with an error, not an empty result. */
export const isUuid = (value: string) => UUID.test(value);
