import { BookOpenIcon, LifeBuoyIcon, MailIcon, MessageCircleIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { contactFacts } from '@web/content/company';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { Markdown } from '@web/features/marketing/components/markdown';
import { PageHero } from '@web/features/marketing/components/page-hero';
import { Seo } from '@web/features/marketing/components/seo';
import { useHydrated } from '@web/features/marketing/lib/use-hydrated';
import { paths } from '@web/lib/paths';

const goodRequest = `
## What to include in a request

- The e-mail address of your StatusLink account.
- Which portal it is about (its address), and for a lookup problem the client's row number in the sheet rather than their details.
- What you expected to see and what you saw instead; a screenshot helps.
- When it happened, with your time zone.

Please never send us passwords, and never paste a whole client list into a message.

## Response times

- Every plan: within 24 business hours.
- Business and Enterprise: priority handling, ahead of the queue.
- Outages affecting your clients' portals are handled first, whatever your plan.
`;

/** /support */
export function SupportPage() {
  const { config } = usePublicConfig();
  const supportEmail = useHydrated() ? config.contact.supportEmail : null;
  const channels = [
    { icon: BookOpenIcon, title: 'Help center', text: 'Answers to the most common questions, available any time.', action: <Link to={paths.help}>Open the help center</Link> },
    {
      icon: MailIcon,
      title: 'Write to us',
      text: contactFacts.responseTime,
      action: supportEmail ? <a href={`mailto:${supportEmail}`}>{supportEmail}</a> : <Link to={paths.contact}>Send a message</Link>,
    },
    { icon: MessageCircleIcon, title: 'Hours', text: contactFacts.hours, action: <Link to={paths.contact}>Contact us</Link> },
    { icon: LifeBuoyIcon, title: 'Guides and templates', text: 'Step-by-step set-up guides and ready-made templates.', action: <Link to={paths.resources}>Browse resources</Link> },
  ];
  return (
    <>
      <Seo title="Support" description="Get help with StatusLink: help center, answers within 24 business hours on weekdays, guides and templates." />
      <PageHero eyebrow="Support" title="We are here to help">
        <p>Pick the quickest way to an answer.</p>
      </PageHero>
      <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
        <ul className="grid gap-6 sm:grid-cols-2">
          {channels.map((c) => (
            <li key={c.title} className="flex flex-col rounded-xl border border-border bg-card p-6">
              <c.icon aria-hidden="true" className="size-6 text-accent-foreground dark:text-blue-300" />
              <h2 className="mt-3 text-lg font-semibold">{c.title}</h2>
              <p className="mt-1 flex-1 text-sm text-muted-foreground">{c.text}</p>
              <Button asChild variant="outline" className="mt-4 self-start">
                {c.action}
              </Button>
            </li>
          ))}
        </ul>
        <div className="mx-auto mt-12 max-w-3xl">
          <Markdown source={goodRequest} />
        </div>
      </div>
    </>
  );
}
