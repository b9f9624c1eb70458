import { BookOpenIcon, DownloadIcon, FileSpreadsheetIcon, PlayCircleIcon, SearchIcon, SearchXIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { EmptyState } from '@web/components/empty-state';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import {
  resourceActionLabel,
  resourceCategories,
  resourcePath,
  resources,
  resourceTypeFromSlug,
  resourceTypePlurals,
  resourceTypes,
  type Resource,
  type ResourceCategory,
  type ResourceType,
} from '@web/content/resources';
import { PageHero } from '@web/features/marketing/components/page-hero';
import { Seo } from '@web/features/marketing/components/seo';
import { downloadResourceFile } from '@web/features/marketing/lib/downloads';
import { paths } from '@web/lib/paths';

const ALL = 'all';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

function matches(r: Resource, query: string, category: string, type: string): boolean {
  if (category !== ALL && r.category !== category) return false;
  if (type !== ALL && r.type !== type) return false;
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [r.title, r.description, r.category, r.type, ...r.tags].some((text) => text.toLowerCase().includes(q));
}

function ActionIcon({ type }: { type: ResourceType }) {
  const label = resourceActionLabel(type);
  if (label === 'Watch') return <PlayCircleIcon aria-hidden="true" />;
  if (label === 'Download') return <DownloadIcon aria-hidden="true" />;
  return <BookOpenIcon aria-hidden="true" />;
}

function ResourceCard({ resource, featured = false }: { resource: Resource; featured?: boolean }) {
  const action = resourceActionLabel(resource.type);
  const href = resourcePath(resource);
  return (
    <article data-testid="resource-card" className="flex flex-col rounded-xl border border-border bg-card p-6 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={featured ? 'info' : 'secondary'}>{resource.type}</Badge>
        <span className="text-xs text-muted-foreground">{resource.category}</span>
      </div>
      <h3 className="mt-3 text-lg font-semibold leading-snug">
        <Link to={href} className="outline-none hover:underline focus-visible:underline">
          {resource.title}
        </Link>
      </h3>
      <p className="mt-2 flex-1 text-sm text-muted-foreground">{resource.description}</p>
      <p className="mt-4 text-xs text-muted-foreground">
        {resource.readTime} · <time dateTime={resource.publishDate}>{dateFormat.format(new Date(resource.publishDate))}</time>
      </p>
      <div className="mt-4">
        {resource.download ? (
          <Button size="sm" onClick={() => downloadResourceFile(resource.download!)} aria-label={`${action} ${resource.title}`}>
            <ActionIcon type={resource.type} /> {action}
          </Button>
        ) : (
          <Button asChild size="sm" variant="outline">
            <Link to={href} aria-label={`${action} ${resource.title}`}>
              <ActionIcon type={resource.type} /> {action}
            </Link>
          </Button>
        )}
      </div>
    </article>
  );
}

function Grid({ items, featured }: { items: Resource[]; featured?: boolean }) {
  return (
    <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {items.map((r) => (
        <ResourceCard key={r.id} resource={r} featured={featured} />
      ))}
    </div>
  );
}

function ResourcesView({ initialType }: { initialType: ResourceType | null }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<ResourceCategory | typeof ALL>(ALL);
  const [type, setType] = useState<ResourceType | typeof ALL>(initialType ?? ALL);

  const found = resources.filter((r) => matches(r, query, category, type));
  const featured = found.filter((r) => r.featured);
  const rest = found.filter((r) => !r.featured);
  const quick = (label: string, icon: typeof BookOpenIcon, apply: () => void) => {
    const Icon = icon;
    return (
      <Button variant="outline" onClick={apply}>
        <Icon aria-hidden="true" /> {label}
      </Button>
    );
  };
  const selectClass =
    'h-10 w-full rounded-md border border-input bg-background px-3 text-base text-foreground outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 sm:text-sm';
  const pageTitle = initialType ? resourceTypePlurals[initialType] : 'Resources';

  return (
    <>
      <Seo
        title={initialType ? `${pageTitle} - Resources` : 'Resources'}
        description={
          initialType
            ? `${pageTitle} from the StatusLink resource library: practical help for running a client status portal from your spreadsheet.`
            : 'Guides, templates and articles on running a client status portal: connecting a Google Sheet, status wording, capacity and holidays, sharing links and more.'
        }
      />
      <PageHero eyebrow="Resource library" title={initialType ? pageTitle : 'Resources to get more from your portal'}>
        <p>Practical guides, templates and stories for businesses that keep their clients informed.</p>
      </PageHero>

      <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div role="search" className="grid gap-4 rounded-xl border border-border bg-card p-4 shadow-sm md:grid-cols-4 md:items-end">
          <div className="space-y-2 md:col-span-2">
            <Label htmlFor={`${id}-q`}>Search resources</Label>
            <div className="relative">
              <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input id={`${id}-q`} type="search" placeholder="e.g. holidays, sharing, template" className="pl-9" value={query} onChange={(e) => setQuery(e.target.value)} />
            </div>
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-category`}>Category</Label>
            <select id={`${id}-category`} className={selectClass} value={category} onChange={(e) => setCategory(e.target.value as ResourceCategory | typeof ALL)}>
              <option value={ALL}>All categories</option>
              {resourceCategories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-type`}>Type</Label>
            <select id={`${id}-type`} className={selectClass} value={type} onChange={(e) => setType(e.target.value as ResourceType | typeof ALL)}>
              <option value={ALL}>All types</option>
              {resourceTypes.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <span className="text-sm text-muted-foreground">Quick picks:</span>
          {quick('Getting Started', BookOpenIcon, () => {
            setQuery('');
            setType(ALL);
            setCategory('Getting Started');
          })}
          {quick('Free Templates', FileSpreadsheetIcon, () => {
            setQuery('');
            setCategory(ALL);
            setType('Template');
          })}
          {quick('Video Tutorials', PlayCircleIcon, () => {
            setQuery('');
            setCategory(ALL);
            setType('Video');
          })}
        </div>

        <p className="sr-only" role="status" aria-live="polite">
          {found.length === 1 ? '1 resource found' : `${found.length} resources found`}
        </p>

        {found.length === 0 ? (
          <EmptyState
            className="mt-10"
            icon={SearchXIcon}
            title="No resources found"
            description="Try adjusting your search terms or filters."
          >
            <Button
              variant="outline"
              onClick={() => {
                setQuery('');
                setCategory(ALL);
                setType(ALL);
              }}
            >
              Clear filters
            </Button>
          </EmptyState>
        ) : null}

        {featured.length > 0 ? (
          <section aria-labelledby={`${id}-featured`} className="mt-12">
            <h2 id={`${id}-featured`} className="mb-6 text-2xl font-bold tracking-tight">
              Featured Resources
            </h2>
            <Grid items={featured} featured />
          </section>
        ) : null}

        {rest.length > 0 ? (
          <section aria-labelledby={`${id}-all`} className="mt-12">
            <h2 id={`${id}-all`} className="mb-6 text-2xl font-bold tracking-tight">
              All Resources
            </h2>
            <Grid items={rest} />
          </section>
        ) : null}

        <section aria-labelledby={`${id}-help`} className="mt-16 rounded-2xl bg-muted/60 p-8 text-center">
          <h2 id={`${id}-help`} className="text-xl font-bold">
            Need more help?
          </h2>
          <p className="mt-2 text-muted-foreground">Our team answers questions about set-up, sheets and sharing.</p>
          <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild>
              <Link to={paths.contact}>Contact us</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.help}>Visit the help center</Link>
            </Button>
          </div>
        </section>
      </div>
    </>
  );
}

/** /resources and /resources/{type} (spec 2.7). */
export function ResourcesPage() {
  const { type } = useParams();
  const initialType = type === undefined ? null : resourceTypeFromSlug(type);
  if (type !== undefined && !initialType) return <Navigate to={paths.resources} replace />;
  return <ResourcesView key={type ?? ALL} initialType={initialType} />;
}
