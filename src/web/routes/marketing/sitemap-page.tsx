import { Link } from 'react-router';
import { siteGroups } from '@web/content/site-map';
import { PageHero } from '@web/features/marketing/components/page-hero';
import { Seo } from '@web/features/marketing/components/seo';

/** /sitemap: every public page, by group. */
export function SitemapPage() {
  return (
    <>
      <Seo title="Sitemap" description="Every page of the StatusLink website: product, resources, company and legal pages." />
      <PageHero eyebrow="Sitemap" title="Sitemap" />
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-3 lg:px-8">
        {siteGroups.map((group) => (
          <section key={group.title} aria-labelledby={`sm-${group.title}`}>
            <h2 id={`sm-${group.title}`} className="text-lg font-semibold">
              {group.title}
            </h2>
            <ul className="mt-3 space-y-1 text-sm">
              {group.pages.map((page) => (
                <li key={page.path}>
                  <Link to={page.path} className="inline-block py-1 text-link hover:underline">
                    {page.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
