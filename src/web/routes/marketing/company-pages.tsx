import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { aboutText, careersText, caseStudyComposites, industries, partnersText } from '@web/content/company-pages';
import { resourcePath, resources } from '@web/content/resources';
import { DocumentPage } from '@web/features/marketing/components/document-page';
import { paths } from '@web/lib/paths';
import { CtaBand } from './cta-band';

/** /about */
export function AboutPage() {
  return (
    <>
      <DocumentPage
        eyebrow="About"
        title="About StatusLink"
        lead="Client status portals for small businesses, from the spreadsheet they already keep."
        description="Why StatusLink exists, what we believe and who we build for: small service businesses that track client work in a spreadsheet."
        source={aboutText}
      />
      <CtaBand variant="simple" />
    </>
  );
}

/** /careers */
export function CareersPage() {
  return (
    <DocumentPage
      eyebrow="Careers"
      title="Careers"
      lead="Help small businesses keep their clients informed."
      description="Working at StatusLink: how we work, current openings and how to send an open application."
      source={careersText}
    />
  );
}

/** /partners */
export function PartnersPage() {
  return (
    <DocumentPage
      eyebrow="Partners"
      title="Partners"
      lead="For advisors who set up portals for their clients, and software makers who want to connect."
      description="The StatusLink partner programme for accountants, consultants and IT providers, and for integration partners."
      source={partnersText}
    />
  );
}

/** /industries */
export function IndustriesPage() {
  return (
    <>
      <DocumentPage
        eyebrow="Industries"
        title="Built for service businesses"
        lead="Any business that tracks client work in a spreadsheet can run a portal. Here is how it fits some of them."
        description="How tax preparers, law firms, construction firms, consultancies and freelancers use StatusLink client status portals."
      >
        <div className="space-y-6">
          {industries.map((industry) => (
            <section key={industry.name} className="rounded-xl border border-border bg-card p-6" aria-labelledby={`ind-${industry.name}`}>
              <h2 id={`ind-${industry.name}`} className="text-xl font-semibold">
                {industry.name}
              </h2>
              <p className="mt-2 text-muted-foreground">{industry.text}</p>
              <ul className="mt-4 space-y-1">
                {industry.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-sm font-medium text-link hover:underline">
                      {link.label} <span aria-hidden="true">→</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </DocumentPage>
      <CtaBand />
    </>
  );
}

/** /case-studies */
export function CaseStudiesPage() {
  const studies = resources.filter((r) => r.type === 'Case Study');
  return (
    <>
      <DocumentPage
        eyebrow="Case studies"
        title="How businesses set up their portals"
        lead="Worked examples of real set-ups: statuses, workload settings and sharing."
        description="Illustrative case studies of tax practices, contractors and consultancies setting up StatusLink client status portals."
      >
        <p className="rounded-lg border-l-4 border-primary bg-accent px-4 py-3 text-accent-foreground">
          These case studies are <strong>illustrative composites</strong>: each combines situations that businesses of that kind
          commonly describe. They are not the stories of named customers, and their figures are examples, not measured
          results.
        </p>
        <div className="mt-8 space-y-6">
          {studies.map((r) => (
            <article key={r.id} className="rounded-xl border border-border bg-card p-6">
              <h2 className="text-xl font-semibold">{r.title}</h2>
              <p className="mt-2 text-muted-foreground">{r.description}</p>
              <Link to={resourcePath(r)} className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-link hover:underline">
                Read the case study <ArrowRightIcon aria-hidden="true" className="size-4" />
              </Link>
            </article>
          ))}
          {caseStudyComposites.map((c) => (
            <article key={c.title} className="rounded-xl border border-border bg-card p-6">
              <h2 className="text-xl font-semibold">{c.title} (illustrative)</h2>
              <p className="mt-2 text-muted-foreground">{c.setting}</p>
              <h3 className="mt-4 font-semibold">The set-up</h3>
              <ul className="mt-2 list-disc space-y-1 pl-6 text-muted-foreground">
                {c.setup.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
              <h3 className="mt-4 font-semibold">The lesson</h3>
              <p className="mt-1 text-muted-foreground">{c.lesson}</p>
            </article>
          ))}
        </div>
        <p className="mt-8 text-muted-foreground">
          Want to plan your own set-up? Browse the{' '}
          <Link to={paths.resources} className="font-medium text-link underline">
            resource library
          </Link>{' '}
          or{' '}
          <Link to={paths.contact} className="font-medium text-link underline">
            ask us for a demo
          </Link>
          .
        </p>
      </DocumentPage>
      <CtaBand variant="centered" />
    </>
  );
}
