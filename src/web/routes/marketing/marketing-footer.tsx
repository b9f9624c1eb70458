import { Link } from 'react-router';
import { Brand } from '@web/components/brand';
import { socialLinks } from '@web/content/company';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { SocialIcon } from '@web/features/marketing/components/social-icon';
import { paths } from '@web/lib/paths';

// Spec 2.2: the footer's four link groups.
const groups = [
  {
    title: 'Product',
    links: [
      { to: paths.features, label: 'Features' },
      { to: paths.pricing, label: 'Pricing' },
      { to: paths.portalDemo, label: 'Demo' },
      { to: paths.industries, label: 'Industries' },
      { to: paths.security, label: 'Security' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: paths.resources, label: 'Resource Library' },
      { to: paths.resourceGuides, label: 'Guides' },
      { to: paths.resourceTemplates, label: 'Templates' },
      { to: paths.resourceBlog, label: 'Blog' },
      { to: paths.caseStudies, label: 'Case Studies' },
      { to: paths.help, label: 'Help Center' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: paths.about, label: 'About' },
      { to: paths.careers, label: 'Careers' },
      { to: paths.partners, label: 'Partners' },
      { to: paths.contact, label: 'Contact' },
      { to: paths.support, label: 'Support' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: paths.privacy, label: 'Privacy Policy' },
      { to: paths.terms, label: 'Terms of Service' },
      { to: paths.sitemap, label: 'Sitemap' },
    ],
  },
];

/** The public site's footer: four link groups, social links and the current year. */
export function MarketingFooter() {
  const { config } = usePublicConfig();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border bg-muted/40 dark:bg-card">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-6">
          <div className="sm:col-span-2">
            <Brand />
            <p className="mt-3 max-w-xs text-sm text-muted-foreground">
              Client status portals from the spreadsheet you already keep.
            </p>
            <ul className="mt-5 flex gap-2" aria-label="Social media">
              {socialLinks.map((s) => (
                <li key={s.href}>
                  <a
                    href={s.href}
                    rel="noopener noreferrer"
                    target="_blank"
                    aria-label={s.label}
                    className="flex size-10 items-center justify-center rounded-full text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <SocialIcon name={s.icon} className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          {groups.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="text-sm font-semibold text-foreground">{group.title}</h2>
              <ul className="mt-3 space-y-1 text-sm">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="inline-block py-1 text-muted-foreground hover:text-foreground hover:underline"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className="mt-10 border-t border-border pt-6 text-sm text-muted-foreground">
          © <span suppressHydrationWarning>{year}</span> {config.platformName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
