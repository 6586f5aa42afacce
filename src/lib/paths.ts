/** Every internal path of a site, in one place. Section and legal-page ids are validated by the site schema. */
export const paths = {
  home: () => '/',
  section: (sectionId: string) => `/${sectionId}`,
  legal: (kind: string) => `/${kind}`,
};
