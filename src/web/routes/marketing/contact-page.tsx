import { ClockIcon, MailIcon, MapPinIcon, MessageCircleIcon } from 'lucide-react';
import { Link } from 'react-router';
import { contactFacts } from '@web/content/company';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { ContactForm } from '@web/features/marketing/components/contact-form';
import { Faq } from '@web/features/marketing/components/faq';
import { PageHero, Section } from '@web/features/marketing/components/page-hero';
import { Seo } from '@web/features/marketing/components/seo';
import { useHydrated } from '@web/features/marketing/lib/use-hydrated';
import { paths } from '@web/lib/paths';

const faqs = [
  {
    q: 'How quickly will you respond?',
    a: 'We answer every message within 24 business hours, usually much sooner. Messages about an outage affecting your clients are handled first.',
  },
  {
    q: 'Do you offer live chat?',
    a: 'Not yet: live chat is coming. Our team works weekdays from 9 am to 5 pm EST; send us a message here and we reply within 24 business hours, the next business day at the latest.',
  },
  {
    q: 'Can I see a demo with my own spreadsheet?',
    a: 'Yes. Choose "A demo" below and tell us roughly how many clients you track. We will set up a call and walk through your sheet with you; you can also start a free trial and try it yourself right away.',
  },
];

/** /contact (spec 2.6). */
export function ContactPage() {
  const { config } = usePublicConfig();
  const hydrated = useHydrated();
  const { salesEmail, supportEmail } = hydrated ? config.contact : { salesEmail: null, supportEmail: null };
  const details = [
    ...(salesEmail ? [{ icon: MailIcon, label: 'Sales', value: salesEmail, href: `mailto:${salesEmail}` }] : []),
    ...(supportEmail ? [{ icon: MailIcon, label: 'Support', value: supportEmail, href: `mailto:${supportEmail}` }] : []),
    { icon: ClockIcon, label: 'Response time', value: contactFacts.responseTime },
    { icon: MessageCircleIcon, label: 'Hours', value: contactFacts.hours },
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
                <p className="text-sm font-semibold">Where we work</p>
                <p className="mt-1 text-sm text-muted-foreground">
                  We are a remote team. Demos and calls are by video: ask for one with the form and we will send times.
                </p>
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
