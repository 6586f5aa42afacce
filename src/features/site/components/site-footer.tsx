import { Link } from '@/components/ui/link';
import type { SiteConfig } from '@/features/site/schema';
import { footerLinks, socialLinks } from '@/features/site/navigation';
import { SocialIcon } from '@/features/site/components/social-icon';

export function SiteFooter({ config }: { config: SiteConfig }) {
  const social = socialLinks(config);
  return (
    <footer className="mt-16 bg-footer text-ink" data-testid="site-footer">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-10">
        {social.length > 0 && (
          <ul className="flex gap-5" aria-label="公式 SNS" data-testid="social-links">
            {social.map((link) => (
              <li key={link.key}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${link.label}（新しいタブで開きます）`}
                  data-social={link.key}
                  className="grid size-11 place-items-center rounded-full bg-surface/70 hover:bg-surface"
                >
                  <SocialIcon name={link.key} />
                </a>
              </li>
            ))}
          </ul>
        )}
        <nav aria-label="フッターメニュー">
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-3 text-sm" data-testid="footer-links">
            {footerLinks(config).map((link) => (
              <li key={link.id} data-footer-id={link.id}>
                {link.external ? (
                  <a href={link.href} target="_blank" rel="noopener noreferrer" className="hover:underline">
                    {link.label}
                    <span className="sr-only">（新しいタブで開きます）</span>
                  </a>
                ) : (
                  <Link href={link.href} className="hover:underline">
                    {link.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-xs">{config.COPYRIGHT}</p>
      </div>
    </footer>
  );
}
