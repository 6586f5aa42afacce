import type { SiteConfig } from '@/features/site/schema';
import { themeCss } from '@/features/site/theme';

/** The site's colours and text styles; React hoists the rule into <head>. */
export function SiteTheme({ config }: { config: SiteConfig }) {
  return (
    <style href={`site-theme-${config.SERVICE_ID}`} precedence="high">
      {themeCss(config)}
    </style>
  );
}
