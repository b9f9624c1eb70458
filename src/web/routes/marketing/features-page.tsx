import { planHighlights } from '@core/plan-comparison';
import {
  ArrowRightIcon,
  BarChart3Icon,
  Building2Icon,
  CalendarClockIcon,
  CheckIcon,
  CodeIcon,
  FileSpreadsheetIcon,
  GlobeIcon,
  HeadphonesIcon,
  LayoutDashboardIcon,
  LifeBuoyIcon,
  ListOrderedIcon,
  MessageSquareIcon,
  PaletteIcon,
  PlayCircleIcon,
  RefreshCwIcon,
  ShieldCheckIcon,
  SmartphoneIcon,
  TrendingUpIcon,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { plans, planIds } from '@core/plans';
import { Button } from '@web/components/ui/button';
import { comingSoonPath } from '@web/content/site-map';
import { PageHero, Section } from '@web/features/marketing/components/page-hero';
import { Seo } from '@web/features/marketing/components/seo';
import { formatMoney } from '@web/features/marketing/lib/format';
import { paths } from '@web/lib/paths';
import { CtaBand } from './cta-band';

interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
  link?: { to: string; label: string };
}

const categories: { title: string; intro: string; features: Feature[] }[] = [
  {
    title: 'Core Platform',
    intro: 'The spreadsheet you already keep becomes the source of every portal.',
    features: [
      {
        icon: FileSpreadsheetIcon,
        title: 'Google Sheets connection',
        text: 'Paste a sheet link; name, e-mail, status and priority columns are detected and shown with a confidence score for you to confirm.',
        link: { to: '/resources/guides/connect-your-google-sheet', label: 'Connection guide' },
      },
      {
        icon: ListOrderedIcon,
        title: 'Real queue positions',
        text: 'Active clients are ranked 1 to n by manual override, priority, status and due date. Completed work leaves the queue.',
      },
      {
        icon: CalendarClockIcon,
        title: 'Completion estimates',
        text: 'Dates counted in your working days, skipping your holidays, from your daily capacity and average project length.',
        link: { to: '/resources/guides/capacity-working-days-and-holidays', label: 'How estimates work' },
      },
    ],
  },
  {
    title: 'Client Experience',
    intro: 'A page your clients understand at a glance, on any phone.',
    features: [
      {
        icon: PaletteIcon,
        title: 'Your branding',
        text: 'Logo, primary and background colours, company name and a welcome message on every portal.',
      },
      {
        icon: ShieldCheckIcon,
        title: 'Private lookups',
        text: 'Clients find their project by exact e-mail or full name, or open a personal access link. Optional e-mailed verification codes.',
      },
      {
        icon: SmartphoneIcon,
        title: 'Works on every device',
        text: 'Fast, accessible pages with a dark mode, no app to install and no account for your clients to create.',
      },
    ],
  },
  {
    title: 'Business Intelligence',
    intro: 'Know how busy you are before you promise the next deadline.',
    features: [
      {
        icon: BarChart3Icon,
        title: 'Portal analytics',
        text: 'Lookups, completion rate, status breakdown and average time to complete, for the period you choose.',
        link: { to: '/resources/guides/reading-your-portal-analytics', label: 'Reading analytics' },
      },
      {
        icon: TrendingUpIcon,
        title: 'Capacity utilisation',
        text: 'Active projects against what your team finishes in a week, in green, yellow or red, with the next available start date.',
      },
      {
        icon: LayoutDashboardIcon,
        title: 'Dashboard at a glance',
        text: 'Total clients, completed, in progress and pending, and the clients updated most recently.',
      },
    ],
  },
  {
    title: 'Enterprise & Integration',
    intro: 'For firms with their own domain, IT policies or systems to connect.',
    features: [
      {
        icon: GlobeIcon,
        title: 'Custom domain and white-label',
        text: 'Portals carry your brand only. On the Business and Enterprise plans the portal can live on your own address, such as status.yourfirm.com, with HTTPS issued automatically once your DNS records are verified.',
        link: { to: paths.pricing, label: 'See plans' },
      },
      {
        icon: CodeIcon,
        title: 'API access and webhooks',
        text: 'On the Business and Enterprise plans: API keys to read and update portals and clients from your own systems, and signed webhooks when a client changes.',
        link: { to: '/api/docs', label: 'Read the API reference' },
      },
      {
        icon: Building2Icon,
        title: 'Dedicated cloud or self-hosted',
        text: 'A single-tenant installation we run for you, or a perpetual licence for your own servers.',
        link: { to: paths.contact, label: 'Talk to sales' },
      },
    ],
  },
  {
    title: 'Support & Success',
    intro: 'People who answer, and documentation written for this product.',
    features: [
      {
        icon: LifeBuoyIcon,
        title: 'Help center',
        text: 'Answers to the questions owners actually ask, from sharing settings to why an estimate moved.',
        link: { to: paths.help, label: 'Open the help center' },
      },
      {
        icon: HeadphonesIcon,
        title: 'Priority support',
        text: 'Business and Enterprise customers are answered first, on weekdays; live chat is coming.',
        link: { to: paths.support, label: 'Support options' },
      },
      {
        icon: MessageSquareIcon,
        title: 'Guides and templates',
        text: 'A sheet template, announcement e-mails for your clients and step-by-step guides.',
        link: { to: paths.resources, label: 'Browse resources' },
      },
    ],
  },
];

const upcoming = [
  { icon: RefreshCwIcon, title: 'Two-way sheet sync', to: comingSoonPath('two-way-sync') },
  { icon: PlayCircleIcon, title: 'Video tutorials', to: comingSoonPath('video-tutorials') },
];

/** /features (spec 2.5): five categories of three cards, the plan summary and a link to pricing. */
export function FeaturesPage() {
  return (
    <>
      <Seo
        title="Features"
        description="Google Sheets connection, real queue positions, completion estimates in your working days, branded private portals, analytics and enterprise options."
      />
      <PageHero eyebrow="Features" title="Everything a client status portal needs">
        <p>From the sheet you already keep to a branded page your clients check instead of calling you.</p>
      </PageHero>

      {categories.map((category, index) => (
        <Section
          key={category.title}
          id={category.title.toLowerCase().replace(/[^a-z]+/g, '-')}
          title={category.title}
          intro={category.intro}
          className={index % 2 === 1 ? 'bg-muted/40' : undefined}
        >
          <ul className="grid gap-6 md:grid-cols-3">
            {category.features.map((feature) => (
              <li key={feature.title} className="flex flex-col rounded-xl border border-border bg-card p-6 shadow-sm">
                <div className="mb-4 flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <feature.icon aria-hidden="true" className="size-5" />
                </div>
                <h3 className="text-lg font-semibold">{feature.title}</h3>
                <p className="mt-2 flex-1 text-sm text-muted-foreground">{feature.text}</p>
                {feature.link?.to.startsWith('/api/') ? (
                  // The API reference is served by the server, not a page of the app's router.
                  <a href={feature.link.to} className="mt-4 text-sm font-medium text-link underline-offset-4 hover:underline">
                    {feature.link.label} <span aria-hidden="true">→</span>
                  </a>
                ) : feature.link ? (
                  <Link to={feature.link.to} className="mt-4 text-sm font-medium text-link underline-offset-4 hover:underline">
                    {feature.link.label} <span aria-hidden="true">→</span>
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </Section>
      ))}

      <Section id="coming-next" title="Coming next" intro="Features we are building now. Join a waitlist to hear first when they ship.">
        <ul className="mx-auto grid max-w-4xl gap-4 sm:grid-cols-3">
          {upcoming.map((item) => (
            <li key={item.title}>
              <Link
                to={item.to}
                className="flex items-center gap-3 rounded-xl border border-border bg-card p-4 font-medium outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
              >
                <item.icon aria-hidden="true" className="size-5 text-accent-foreground dark:text-blue-300" />
                {item.title}
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="plans" title="Which plan has what" className="bg-muted/40">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {planIds.map((id) => {
            const plan = plans[id];
            return (
              <li key={id} className="flex flex-col rounded-xl border border-border bg-card p-6">
                <h3 className="text-lg font-semibold">{plan.name}</h3>
                <p className="mt-1 text-2xl font-bold">
                  {plan.monthlyPrice === null ? 'Custom' : `${formatMoney(plan.monthlyPrice)}`}
                  {plan.monthlyPrice !== null ? <span className="text-sm font-normal text-muted-foreground">/month</span> : null}
                </p>
                <ul className="mt-4 flex-1 space-y-2 text-sm">
                  {planHighlights(id).map((f) => (
                    <li key={f} className="flex gap-2">
                      <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                      {f}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
        <div className="mt-10 text-center">
          <Button asChild size="lg">
            <Link to={paths.pricing}>
              See pricing <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </Section>

      <CtaBand variant="simple" />
    </>
  );
}
