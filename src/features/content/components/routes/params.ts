/** The dynamic segments of a content page, as app/[host]/… hands them over. */
export interface ContentParams {
  host: string;
  section: string;
  id: string;
}
