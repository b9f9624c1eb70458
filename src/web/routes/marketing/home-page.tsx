import {
  ArrowRightIcon,
  CalendarClockIcon,
  CheckIcon,
  ClockIcon,
  GaugeIcon,
  GlobeIcon,
  LinkIcon,
  ListOrderedIcon,
  PaletteIcon,
  PlayCircleIcon,
  QuoteIcon,
  FileSpreadsheetIcon,
  SparklesIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { Section } from '@web/features/marketing/components/page-hero';
import { Seo } from '@web/features/marketing/components/seo';
import { paths } from '@web/lib/paths';
import { CtaBand } from './cta-band';

const benefits = [
  {
    icon: ListOrderedIcon,
    title: 'Clients see their own status',
    text: 'Each client looks up their project and sees its status, queue position and estimated completion date, and nobody else’s.',
  },
  {
    icon: ClockIcon,
    title: 'Fewer "where is it?" calls',
    text: 'Share one link instead of answering the same question by phone and e-mail all day. Your team keeps its focus on the work.',
  },
  {
    icon: FileSpreadsheetIcon,
    title: 'Keep the sheet you already use',
    text: 'No new system to learn or migrate to. Update a status in your Google Sheet and the portal shows it after the next sync.',
  },
];

const advanced = [
  {
    icon: ListOrderedIcon,
    title: 'Queue position',
    text: 'Every active client gets a real place in line, from 1 upwards with no gaps, ordered by your priority column, status and due date. Need to move someone ahead? Set a manual position without touching the sheet.',
    points: ['Ranks 1..n, recomputed on every sync', 'Manual overrides for exceptions', 'Completed work drops out of the queue'],
  },
  {
    icon: CalendarClockIcon,
    title: 'Completion dates',
    text: 'Estimates are counted in your working days, skip your holidays and reflect your daily capacity, so the date a client sees is one you can keep.',
    points: ['Your working week and holiday list', 'Priority classes move work faster or slower', 'Buffer days for the unexpected'],
  },
  {
    icon: GaugeIcon,
    title: 'Workload management',
    text: 'See how full your pipeline is before you promise another deadline. Capacity utilisation turns yellow and red as you approach your limit.',
    points: ['Capacity from active projects and daily throughput', 'Next available start date', 'Average project duration you control'],
  },
  {
    icon: GlobeIcon,
    title: 'Custom domains',
    text: 'Clients see your name, logo and colours. On the Business and Enterprise plans the portal can live on your own address, such as status.yourfirm.com, with HTTPS issued automatically.',
    points: ['Your name, logo, colours and welcome message', 'Your own domain with HTTPS', 'Available on Business and Enterprise'],
  },
];

const steps = [
  { icon: FileSpreadsheetIcon, title: 'Connect your sheet', text: 'Paste the link to your Google Sheet. We detect the name, e-mail, status and priority columns for you to confirm.' },
  { icon: PaletteIcon, title: 'Customize your portal', text: 'Add your logo, colours and a welcome message, and choose what clients see: dates, priority, notes.' },
  { icon: LinkIcon, title: 'Share the link', text: 'Send clients the portal link or their own personal link. They look up their project with their e-mail or name.' },
  { icon: SparklesIcon, title: 'Focus on your work', text: 'Keep updating the sheet as you always have. Clients check the portal instead of calling you.' },
];

const testimonials = [
  {
    quote:
      'Between February and April our phones used to ring from open to close with "has my return been filed yet?". With a portal link in every confirmation e-mail, clients can answer that themselves.',
    name: 'Tax preparer',
    role: 'Owner of a three-person practice',
  },
  {
    quote:
      'Homeowners want to know when the crew arrives, not our whole schedule. The portal shows them their place in line and a date, and we still run everything from the same spreadsheet.',
    name: 'Renovation contractor',
    role: 'Office manager of a small building firm',
  },
];

/** The portal as a client sees it: a static illustration in HTML (no image to download). */
function PortalPreview() {
  return (
    <div aria-hidden="true" className="mx-auto w-full max-w-md rounded-2xl border border-border bg-card p-5 text-left shadow-xl shadow-blue-900/10">
      <div className="flex items-center gap-3 border-b border-border pb-4">
        <div className="flex size-10 items-center justify-center rounded-lg bg-blue-600 text-sm font-bold text-white">HT</div>
        <div>
          <p className="font-semibold">Harbor Tax &amp; Accounting</p>
          <p className="text-xs text-muted-foreground">Client Status Tracker</p>
        </div>
      </div>
      <div className="space-y-3 pt-4 text-sm">
        <div className="flex items-center justify-between">
          <span className="text-muted-foreground">Project</span>
          <span className="font-medium">2025 personal tax return</span>
        </div>
        <div className="flex items-center justify-between">
          <span className="text-muted-foreground">Status</span>
          <span className="rounded-full bg-purple-100 px-2.5 py-0.5 text-xs font-medium text-purple-800 dark:bg-purple-950 dark:text-purple-300">
            In Review
          </span>
        </div>
        <div className="flex items-center justify-between">
          <span className="text-muted-foreground">Queue position</span>
          <span className="font-semibold">#3 of 41</span>
        </div>
        <div className="flex items-center justify-between">
          <span className="text-muted-foreground">Estimated completion</span>
          <span className="font-medium">Thursday, April 9</span>
        </div>
        <div className="pt-1">
          <div className="h-2 rounded-full bg-muted">
            <div className="h-2 w-3/4 rounded-full bg-blue-600" />
          </div>
        </div>
      </div>
    </div>
  );
}

/** / : the landing page (spec 2.3). */
export function HomePage() {
  const { config } = usePublicConfig();
  return (
    <>
      <Seo
        fullTitle
        title={`${config.platformName} - Client status portals from your spreadsheet`}
        description="Turn your client spreadsheet into a branded status portal. Clients check their own project status, queue position and estimated completion date, so the status calls stop."
      />
      <section className="bg-gradient-to-b from-accent/70 to-background">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8">
          <div className="text-center lg:text-left">
            <p className="mb-4 inline-flex rounded-full border border-border bg-background px-3 py-1 text-sm font-medium text-muted-foreground">
              {config.trialDays ?? 14}-day free trial, no card required
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              Turn your client spreadsheet into a status portal
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground text-pretty lg:mx-0">
              {config.platformName} gives every client a branded link where they check their own project status, queue
              position and estimated completion, so your team spends its time on the work instead of status calls.
            </p>
            <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
              <Button asChild size="lg">
                <Link to={paths.signup}>
                  Start Free Trial <ArrowRightIcon aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to={paths.portalDemo}>
                  <PlayCircleIcon aria-hidden="true" /> See Demo
                </Link>
              </Button>
            </div>
          </div>
          <PortalPreview />
        </div>
      </section>

      <Section id="benefits" title={`Why small businesses use ${config.platformName}`} intro="Built for tax preparers, law firms, builders, consultants and freelancers who track client work in a spreadsheet.">
        <ul className="grid gap-6 md:grid-cols-3">
          {benefits.map((benefit) => (
            <li key={benefit.title} className="rounded-xl border border-border bg-card p-6 shadow-sm">
              <div className="mb-4 flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <benefit.icon aria-hidden="true" className="size-5" />
              </div>
              <h3 className="text-lg font-semibold">{benefit.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="advanced" title="More than a status page" intro="The portal answers the three questions every client has: where is my project, how many are ahead of me, and when will it be done?" className="bg-muted/40">
        <div className="grid gap-6 lg:grid-cols-2">
          {advanced.map((panel) => (
            <article key={panel.title} className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
              <div className="flex items-center gap-3">
                <div className="flex size-11 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                  <panel.icon aria-hidden="true" className="size-5" />
                </div>
                <h3 className="text-xl font-semibold">{panel.title}</h3>
              </div>
              <p className="mt-4 text-muted-foreground">{panel.text}</p>
              <ul className="mt-4 space-y-2 text-sm">
                {panel.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </Section>

      <Section id="how-it-works" title="How It Works" intro="From spreadsheet to shared link in an afternoon.">
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, i) => (
            <li key={step.title} className="relative rounded-xl border border-border bg-card p-6">
              <span className="absolute -top-3 left-6 rounded-full bg-primary px-2.5 py-0.5 text-xs font-bold text-primary-foreground">
                Step {i + 1}
              </span>
              <step.icon aria-hidden="true" className="mt-2 size-6 text-accent-foreground dark:text-blue-300" />
              <h3 className="mt-3 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="testimonials" title="What a portal changes" className="bg-muted/40">
        <div className="grid gap-6 md:grid-cols-2">
          {testimonials.map((t) => (
            <figure key={t.name} className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
              <QuoteIcon aria-hidden="true" className="size-7 text-accent-foreground dark:text-blue-300" />
              <blockquote className="mt-4 text-lg text-pretty">“{t.quote}”</blockquote>
              <figcaption className="mt-5 text-sm">
                <span className="font-semibold">{t.name}</span>
                <span className="text-muted-foreground"> · {t.role}</span>
              </figcaption>
            </figure>
          ))}
        </div>
        <p className="mt-6 text-center text-xs text-muted-foreground">
          Illustrative composites based on the situations our customers describe, not quotes from named customers.
        </p>
        <div className="mt-8 text-center">
          <Button asChild variant="outline">
            <Link to={paths.caseStudies}>
              Read the case studies <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </Section>

      <CtaBand />
    </>
  );
}
