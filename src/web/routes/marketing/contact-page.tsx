import { ClockIcon, MailIcon, MapPinIcon, MessageCircleIcon, PhoneIcon } from 'lucide-react';
import { Link } from 'react-router';
import { contactFacts } from '@web/content/company';
import { ContactForm } from '@web/features/marketing/components/contact-form';
import { Faq } from '@web/features/marketing/components/faq';
import { PageHero, Section } from '@web/features/marketing/components/page-hero';
import { Seo } from '@web/features/marketing/components/seo';
import { paths } from '@web/lib/paths';

const faqs = [
  {
    q: 'How quickly will you respond?',
    a: 'We answer every message within 24 business hours, usually much sooner. Messages about an outage affecting your clients are handled first.',
  },
  {
    q: 'Do you offer live chat?',
    a: 'Yes, live chat is open weekdays from 9 am to 5 pm EST. Outside those hours, send us a message here and we will reply the next business day.',
  },
  {
    q: 'Can I see a demo with my own spreadsheet?',
    a: 'Yes. Choose "A demo" below and tell us roughly how many clients you track. We will set up a call and walk through your sheet with you; you can also start a free trial and try it yourself right away.',
  },
];

/** /contact (spec 2.6). */
export function ContactPage() {
  const details = [
    { icon: MailIcon, label: 'Sales', value: contactFacts.salesEmail, href: `mailto:${contactFacts.salesEmail}` },
    { icon: MailIcon, label: 'Support', value: contactFacts.supportEmail, href: `mailto:${contactFacts.supportEmail}` },
    { icon: PhoneIcon, label: 'Phone', value: contactFacts.phone, href: contactFacts.phoneHref },
    { icon: ClockIcon, label: 'Response time', value: contactFacts.responseTime },
    { icon: MessageCircleIcon, label: 'Live chat', value: contactFacts.liveChat },
  ];
  return (
    <>
      <Seo
        title="Contact"
        description="Questions about StatusLink, a demo with your own spreadsheet, or enterprise options? Send us a message: we answer within 24 business hours."
      />
      <PageHero eyebrow="Contact" title="Talk to a person">
        <p>Questions, a demo with your own sheet, or enterprise options: we answer within 24 business hours.</p>
      </PageHero>

      <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-3 lg:px-8">
        <aside className="space-y-6" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title" className="text-2xl font-bold">
            Contact details
          </h2>
          <ul className="space-y-4">
            {details.map((d) => (
              <li key={d.label} className="flex gap-3">
                <d.icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-foreground dark:text-blue-300" />
                <div>
                  <p className="text-sm font-semibold">{d.label}</p>
                  {d.href ? (
                    <a href={d.href} className="text-sm text-link underline-offset-4 hover:underline">
                      {d.value}
                    </a>
                  ) : (
                    <p className="text-sm text-muted-foreground">{d.value}</p>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <div className="rounded-xl border border-border bg-muted/50 p-5">
            <div className="flex gap-3">
              <MapPinIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-foreground dark:text-blue-300" />
              <div>
                <p className="text-sm font-semibold">Office</p>
                <address className="mt-1 text-sm text-muted-foreground not-italic">
                  {contactFacts.addressLines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
                <p className="mt-2 text-xs text-muted-foreground">Visits by appointment only.</p>
              </div>
            </div>
          </div>
          <p className="text-sm text-muted-foreground">
            Already a customer with a question about your portal? The{' '}
            <Link to={paths.help} className="font-medium text-link underline">
              help center
            </Link>{' '}
            may answer it faster.
          </p>
        </aside>
        <div className="lg:col-span-2">
          <ContactForm />
        </div>
      </div>

      <Section id="contact-faq" title="Before you write" className="bg-muted/40">
        <Faq items={faqs} />
      </Section>
    </>
  );
}
