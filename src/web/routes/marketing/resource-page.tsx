import { ArrowLeftIcon, DownloadIcon } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { resourceArticles } from '@web/content/resource-articles';
import { findResource, resourcePath, resources } from '@web/content/resources';
import { Markdown } from '@web/features/marketing/components/markdown';
import { Seo } from '@web/features/marketing/components/seo';
import { downloadResourceFile } from '@web/features/marketing/lib/downloads';
import { paths } from '@web/lib/paths';
import { CtaBand } from './cta-band';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** /resources/{type}/{slug}: one resource with its full text. */
export function ResourcePage() {
  const { type, slug } = useParams();
  const resource = findResource(type, slug);
  const body = resource ? resourceArticles[resource.slug] : undefined;
  if (!resource || !body) return <Navigate to={paths.resources} replace />;
  const related = resources
    .filter((r) => r.id !== resource.id && (r.category === resource.category || r.tags.some((t) => resource.tags.includes(t))))
    .slice(0, 3);

  return (
    <>
      <Seo title={resource.title} description={resource.description} />
      <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
        <nav aria-label="Breadcrumb" className="mb-8">
          <Link to={paths.resources} className="inline-flex items-center gap-1 text-sm font-medium text-link hover:underline">
            <ArrowLeftIcon aria-hidden="true" className="size-4" /> All resources
          </Link>
        </nav>
        <header className="border-b border-border pb-8">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="info">{resource.type}</Badge>
            <span className="text-sm text-muted-foreground">{resource.category}</span>
          </div>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{resource.title}</h1>
          <p className="mt-4 text-lg text-muted-foreground">{resource.description}</p>
          <p className="mt-4 text-sm text-muted-foreground">
            {resource.author} · <time dateTime={resource.publishDate}>{dateFormat.format(new Date(resource.publishDate))}</time> ·{' '}
            {resource.readTime}
          </p>
          {resource.download ? (
            <Button className="mt-6 h-auto min-h-10 max-w-full whitespace-normal text-left [overflow-wrap:anywhere]" onClick={() => downloadResourceFile(resource.download!)}>
              <DownloadIcon aria-hidden="true" /> Download {resource.download.fileName}
            </Button>
          ) : null}
        </header>
        <Markdown source={body} className="mt-8" />
      </article>

      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="border-t border-border bg-muted/40">
          <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
            <h2 id="related-title" className="text-xl font-bold">
              Related resources
            </h2>
            <ul className="mt-6 grid gap-4 md:grid-cols-3">
              {related.map((r) => (
                <li key={r.id} className="rounded-xl border border-border bg-card p-5">
                  <p className="text-xs text-muted-foreground">{r.type}</p>
                  <Link to={resourcePath(r)} className="mt-1 block font-semibold hover:underline">
                    {r.title}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
      <CtaBand variant="simple" title="Try it with your own sheet" subtitle="Start your free trial today." showSecondary={false} />
    </>
  );
}
