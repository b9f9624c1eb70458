import { CalculatorIcon, CheckIcon, CloudIcon, ServerIcon } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { planHighlights } from '@core/plan-comparison';
import { plans, signupPlanIds, yearlyMonthlyPrice, yearlyPrice, type PlanId } from '@core/plans';
import { Button } from '@web/components/ui/button';
import { useMeIfSignedIn } from '@web/features/auth/api/use-me';
import { PeriodToggle, type BillingPeriod } from '@web/features/billing/components/period-toggle';
import { PlanComparisonTable } from '@web/features/billing/components/plan-comparison-table';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { Faq } from '@web/features/marketing/components/faq';
import { PageHero, Section } from '@web/features/marketing/components/page-hero';
import { LoadingState } from '@web/components/spinner';
import { Seo } from '@web/features/marketing/components/seo';
import { formatMoney } from '@web/features/marketing/lib/format';
import { cn } from '@web/lib/cn';
import { billingWithPlan, paths, signupWithPlan } from '@web/lib/paths';
import { CtaBand } from './cta-band';

// The calculator (and the validation library core's ROI rules use) loads when first shown.
const RoiCalculator = lazy(() => import('@web/features/marketing/components/roi-calculator').then((m) => ({ default: m.RoiCalculator })));

type Billing = BillingPeriod;

function PlanCard({ id, billing, highlighted, owner }: { id: PlanId; billing: Billing; highlighted: boolean; owner: boolean }) {
  const plan = plans[id];
  const monthly = plan.monthlyPrice ?? 0;
  const perMonth = billing === 'yearly' ? (yearlyMonthlyPrice(plan) ?? 0) : monthly;
  return (
    <article
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm sm:p-8',
        highlighted ? 'border-primary ring-2 ring-primary' : 'border-border',
      )}
    >
      {highlighted ? (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
          Most popular
        </p>
      ) : null}
      <h3 className="text-xl font-semibold">{plan.name}</h3>
      <p className="mt-2 min-h-10 text-sm text-muted-foreground">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span data-testid={`price-${id}`} className="text-4xl font-extrabold tracking-tight">
          {formatMoney(perMonth)}
        </span>
        <span className="text-muted-foreground">/month</span>
      </p>
      <p data-testid={`billing-${id}`} className="mt-1 min-h-5 text-sm text-muted-foreground">
        {billing === 'yearly' ? `${formatMoney(yearlyPrice(plan) ?? 0)} billed yearly` : 'Billed monthly'}
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {planHighlights(id).map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Button asChild className="mt-8 w-full" variant={highlighted ? 'default' : 'outline'}>
        {owner ? (
          // A signed-in owner chooses the plan on the Billing page, not on a second sign-up.
          <Link to={billingWithPlan(id, billing)}>
            Choose {plan.name}
            <span className="sr-only"> on the Billing page</span>
          </Link>
        ) : (
          <Link to={signupWithPlan(id)}>
            Start Free Trial<span className="sr-only"> of the {plan.name} plan</span>
          </Link>
        )}
      </Button>
    </article>
  );
}

const faqs = [
  {
    q: 'How does the 14-day free trial work?',
    a: 'Sign up with the plan you want to try, connect a sheet and share your portal with real clients. Every plan can be tried for 14 days without a card, and we send you a reminder by e-mail a few days before the trial ends.',
  },
  {
    q: 'What counts as a search?',
    a: 'One search is one client looking up their project in a portal. Opening the portal page without searching is free. If you go over your plan’s searches in a month, clients are never cut off: we warn you at 80% and 100% so you can move up a plan.',
  },
  {
    q: 'Can I change plans later?',
    a: 'Yes. Move up when you need more portals or searches, or down when a season ends. Your sheets, portal settings and links stay the same whichever plan you are on.',
  },
  {
    q: 'Do my clients need an account?',
    a: 'No. Clients open your portal link and look up their project with their e-mail address or full name. For sensitive work you can require a verification code sent to their e-mail first.',
  },
  {
    q: 'Is my spreadsheet data safe?',
    a: 'Your client list is only ever shown in your own admin app. A portal answers one exact lookup at a time with that single client’s card, and lookups are rate-limited. See our security page for the details.',
  },
  {
    q: 'What does yearly billing cost?',
    a: 'Yearly billing is 20% off: twelve months at 80% of the monthly price, rounded to the dollar. For example, Professional is $79 a month or $758 a year.',
  },
];

/** /pricing (spec 2.4). */
export function PricingPage() {
  const [billing, setBilling] = useState<Billing>('yearly');
  const [showCalculator, setShowCalculator] = useState(false);
  const calculatorId = useId();
  const plansHeadingId = useId();
  const { config } = usePublicConfig();
  const me = useMeIfSignedIn();
  const owner = Boolean(me.data?.business);
  return (
    <>
      <Seo
        title="Pricing"
        description="Simple plans from $29 a month: Starter, Professional and Business, or Enterprise on your own cloud. 14-day free trial, no card required, 20% off with yearly billing."
      />
      <PageHero eyebrow="Pricing" title="Plans that grow with your client list">
        <p>Every plan includes a {config.trialDays ?? 14}-day free trial. No card required.</p>
        <div className="mt-8">
          <PeriodToggle period={billing} onChange={setBilling} />
        </div>
      </PageHero>

      <section aria-labelledby={plansHeadingId} className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <h2 id={plansHeadingId} className="sr-only">
          Plans
        </h2>
        <div className="grid gap-8 md:grid-cols-3">
          {signupPlanIds.map((id) => (
            <PlanCard key={id} id={id} billing={billing} highlighted={id === 'professional'} owner={owner} />
          ))}
        </div>
        <div className="mt-10 text-center">
          <Button
            variant="outline"
            size="lg"
            aria-expanded={showCalculator}
            aria-controls={calculatorId}
            onClick={() => setShowCalculator((s) => !s)}
          >
            <CalculatorIcon aria-hidden="true" />
            {showCalculator ? 'Hide ROI Calculator' : 'Calculate Your ROI'}
          </Button>
        </div>
        <div id={calculatorId} hidden={!showCalculator} className="mt-8">
          {showCalculator ? (
            <div className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
              <h2 className="text-2xl font-bold tracking-tight">ROI calculator</h2>
              <p className="mt-1 mb-8 text-muted-foreground">
                Estimate the staff time a portal saves you, and what it is worth against the plan’s price.
              </p>
              <Suspense fallback={<LoadingState label="Loading the calculator..." />}>
                <RoiCalculator />
              </Suspense>
            </div>
          ) : null}
        </div>
      </section>

      <Section id="enterprise" title="Enterprise" intro="For firms that need unlimited scale, their own infrastructure or a procurement process." className="bg-muted/40">
        <div className="grid gap-6 md:grid-cols-2">
          {[
            {
              icon: CloudIcon,
              title: 'Dedicated cloud',
              text: 'A single-tenant installation we run for you in the region you choose, with its own database, custom domains, SSO on request and a service-level agreement.',
            },
            {
              icon: ServerIcon,
              title: 'Self-hosted licence',
              text: 'A perpetual licence to run the platform on your own servers, with a year of updates and support included and renewable maintenance after that.',
            },
          ].map((offer) => (
            <article key={offer.title} className="flex flex-col rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
              <offer.icon aria-hidden="true" className="size-8 text-accent-foreground dark:text-blue-300" />
              <h3 className="mt-4 text-xl font-semibold">{offer.title}</h3>
              <p className="mt-2 flex-1 text-muted-foreground">{offer.text}</p>
              <Button asChild className="mt-6 self-start">
                <Link to={`${paths.contact}?interest=enterprise`}>
                  Schedule Consultation<span className="sr-only"> about the {offer.title.toLowerCase()}</span>
                </Link>
              </Button>
            </article>
          ))}
        </div>
      </Section>

      <Section id="compare" title="Compare plans">
        <PlanComparisonTable />
      </Section>

      <Section id="faq" title="Frequently asked questions" className="bg-muted/40">
        <Faq items={faqs} />
      </Section>

      <CtaBand variant="centered" />
    </>
  );
}
