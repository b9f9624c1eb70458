import { Link } from 'react-router';
import { helpTopics } from '@web/content/help';
import { Faq } from '@web/features/marketing/components/faq';
import { PageHero } from '@web/features/marketing/components/page-hero';
import { Seo } from '@web/features/marketing/components/seo';
import { paths } from '@web/lib/paths';

/** /help: the help centre. */
export function HelpPage() {
  return (
    <>
      <Seo
        title="Help Center"
        description="Answers to common StatusLink questions: connecting a Google Sheet, missing clients, portal lookups, verification codes, queue positions, estimates and plans."
      />
      <PageHero eyebrow="Help center" title="How can we help?">
        <p>Answers to the questions business owners ask us most.</p>
      </PageHero>
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-4 lg:px-8">
        <nav aria-label="Help topics" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold">Topics</h2>
          <ul className="mt-3 space-y-1 text-sm">
            {helpTopics.map((t) => (
              <li key={t.id}>
                <a href={`#${t.id}`} className="inline-block py-1 text-muted-foreground hover:text-foreground hover:underline">
                  {t.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-12 lg:col-span-3">
          {helpTopics.map((topic) => (
            <section key={topic.id} id={topic.id} aria-labelledby={`${topic.id}-title`} className="scroll-mt-24">
              <h2 id={`${topic.id}-title`} className="mb-4 text-2xl font-bold tracking-tight">
                {topic.title}
              </h2>
              <Faq items={topic.items} />
            </section>
          ))}
          <section className="rounded-2xl bg-muted/60 p-8 text-center" aria-labelledby="help-more">
            <h2 id="help-more" className="text-xl font-bold">
              Still stuck?
            </h2>
            <p className="mt-2 text-muted-foreground">
              Read the step-by-step{' '}
              <Link to={paths.resourceGuides} className="font-medium text-link underline">
                guides
              </Link>
              , or{' '}
              <Link to={paths.support} className="font-medium text-link underline">
                contact support
              </Link>
              .
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
