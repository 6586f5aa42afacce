import { notFound } from 'next/navigation';

export function generateStaticParams() {
  return [];
}

/** Any other path of a known site gets the site's own 404 page. */
export default function MissingPage() {
  notFound();
}
