import type { ReactNode } from 'react';
import { Markdown } from './markdown';
import { PageHero } from './page-hero';
import { Seo } from './seo';

/** A long-form public page: heading band, then the text in a readable column. */
export function DocumentPage({
  title,
  description,
  eyebrow,
  lead,
  updated,
  source,
  children,
}: {
  title: string;
  description: string;
  eyebrow?: string;
  lead?: string;
  /** 'Last updated' date (YYYY-MM-DD) for legal texts. */
  updated?: string;
  source?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Seo title={title} description={description} />
      <PageHero eyebrow={eyebrow} title={title}>
        {lead ? <p>{lead}</p> : null}
        {updated ? <p className="mt-2 text-sm">Last updated: <time dateTime={updated}>{updated}</time></p> : null}
      </PageHero>
      <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
        {source ? <Markdown source={source} /> : null}
        {children}
      </div>
    </>
  );
}
