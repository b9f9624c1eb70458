import { CircleCheckIcon } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '@core/messages';
import type { ContactInterest } from '@core/validation/contact';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/spinner';
import { useSubmitContact } from '../api/use-submit-contact';
import { submitErrorMessage } from '../lib/form-error';
import { useHydrated } from '../lib/use-hydrated';

const interestLabels: Record<ContactInterest, string> = {
  general: 'General question',
  demo: 'A demo',
  pricing: 'Pricing',
  enterprise: 'Enterprise options',
  support: 'Support',
};

// The form's options follow the labels (typed against core's list); the zod schema is loaded on submit only, so
// the pre-rendered page does not download the validation library before anyone types.
const interests = Object.keys(interestLabels) as ContactInterest[];

const empty = { name: '', email: '', company: '', phone: '', message: '', interest: 'general' as ContactInterest };

/** The contact form (spec 2.6, 3, 4, 5): validated here and on the server, stored and e-mailed to sales. */
export function ContactForm() {
  const id = useId();
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const submit = useSubmitContact();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  // /contact?interest=enterprise (the pricing page's Schedule Consultation) picks the topic, once the page is live.
  const asked = params.get('interest');
  useEffect(() => {
    if (asked && asked in interestLabels) setValues((v) => ({ ...v, interest: asked as ContactInterest }));
  }, [asked]);

  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const { contactFormSchema } = await import('@core/validation/contact');
    const parsed = contactFormSchema.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.contact.requiredFields);
      return;
    }
    submit.mutate(parsed.data, {
      onSuccess: () => {
        setSent(true);
        setValues(empty);
      },
      onError: (err) => setError(submitErrorMessage(err, messages.contact.failed)),
    });
  };

  if (sent) {
    return (
      <div role="status" className="flex flex-col items-center rounded-xl border border-border bg-card p-8 text-center">
        <CircleCheckIcon aria-hidden="true" className="size-12 text-success" />
        <h2 className="mt-4 text-2xl font-bold">Thank you!</h2>
        <p className="mt-2 max-w-sm text-muted-foreground">
          Your message has been sent. We will get back to you within 24 business hours.
        </p>
        <Button
          className="mt-6"
          variant="outline"
          onClick={() => {
            setSent(false);
            submit.reset();
          }}
        >
          Send Another Message
        </Button>
      </div>
    );
  }

  const pending = submit.isPending;
  const field = 'space-y-2';
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5 rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8" aria-describedby={error ? `${id}-error` : undefined}>
      <h2 className="text-2xl font-bold">Send us a message</h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className={field}>
          <Label htmlFor={`${id}-name`}>
            Name <span aria-hidden="true">*</span>
          </Label>
          <Input id={`${id}-name`} name="name" autoComplete="name" required aria-required="true" value={values.name} onChange={set('name')} />
        </div>
        <div className={field}>
          <Label htmlFor={`${id}-email`}>
            Email <span aria-hidden="true">*</span>
          </Label>
          <Input id={`${id}-email`} name="email" type="email" autoComplete="email" required aria-required="true" value={values.email} onChange={set('email')} />
        </div>
        <div className={field}>
          <Label htmlFor={`${id}-company`}>Company</Label>
          <Input id={`${id}-company`} name="company" autoComplete="organization" value={values.company} onChange={set('company')} />
        </div>
        <div className={field}>
          <Label htmlFor={`${id}-phone`}>Phone</Label>
          <Input id={`${id}-phone`} name="phone" type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} />
        </div>
      </div>
      <div className={field}>
        <Label htmlFor={`${id}-interest`}>I’m interested in</Label>
        <select
          id={`${id}-interest`}
          name="interest"
          value={values.interest}
          onChange={set('interest')}
          className="flex h-10 w-full rounded-md border border-input bg-background px-3 text-base text-foreground outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 sm:text-sm"
        >
          {interests.map((interest) => (
            <option key={interest} value={interest}>
              {interestLabels[interest]}
            </option>
          ))}
        </select>
      </div>
      <div className={field}>
        <Label htmlFor={`${id}-message`}>
          Message <span aria-hidden="true">*</span>
        </Label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={5}
          required
          aria-required="true"
          value={values.message}
          onChange={set('message')}
          className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 sm:text-sm"
        />
      </div>
      {error ? (
        <Alert variant="destructive" id={`${id}-error`}>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <p className="text-xs text-muted-foreground">Fields marked * are required.</p>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={pending || !hydrated}>
        {pending ? (
          <>
            <Spinner /> Sending...
          </>
        ) : (
          'Send Message'
        )}
      </Button>
    </form>
  );
}
