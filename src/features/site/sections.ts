/** The content sections a site can offer (spec 2); the STORE entry is an external link, not a section. */
export const SECTION_IDS = ['news', 'movie', 'photo', 'blog', 'ticket'] as const;
export type SectionId = (typeof SECTION_IDS)[number];
