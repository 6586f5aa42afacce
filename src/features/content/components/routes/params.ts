/** The dynamic segments every content page has: app/[host]/for/[audience]/… (the audience as proxy.ts chose it). */
export interface AudienceParams {
  host: string;
  audience: string;
}

/** The dynamic segments of an item's page. */
export interface ContentParams extends AudienceParams {
  section: string;
  id: string;
}
