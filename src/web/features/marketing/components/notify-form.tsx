import { CircleCheckIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { messages } from '@core/messages';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/spinner';
import { FieldError } from '@web/components/field-error';
import { useJoinWaitlist } from '../api/use-join-waitlist';
import { submitErrorMessage } from '../lib/form-error';
import { useHydrated } from '../lib/use-hydrated';

/** The coming-soon page's notify-me form (spec 2.8): puts the e-mail on the feature's waitlist. */
export function NotifyForm({ feature, featureTitle }: { feature: string; featureTitle: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const join = useJoinWaitlist();
  const hydrated = useHydrated();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // Loaded on submit: the page itself needs no validation library.
    const { notifyFormSchema } = await import('@core/validation/notify');
    const parsed = notifyFormSchema.safeParse({ email, feature });
    if (!parsed.success) {
      setError(messages.notify.emailInvalid);
      return;
    }
    join.mutate(parsed.data, {
      onSuccess: () => {
        setDone(true);
        setEmail('');
      },
      onError: (err) => setError(submitErrorMessage(err, messages.notify.failed)),
    });
  };

  if (done) {
    return (
      <div role="status" className="flex flex-col items-center rounded-xl border border-border bg-card p-6 text-center">
        <CircleCheckIcon aria-hidden="true" className="size-10 text-success" />
        <h2 className="mt-3 text-xl font-semibold">You’re on the list!</h2>
        <p className="mt-1 text-sm text-muted-foreground">We will e-mail you as soon as {featureTitle} is available.</p>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="rounded-xl border border-border bg-card p-6 text-left shadow-sm">
      <h2 className="text-lg font-semibold">Get notified when it launches</h2>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1 space-y-2">
          <Label htmlFor={`${id}-email`} className="sr-only">
            Email address
          </Label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <FieldError id={`${id}-error`} message={error ?? undefined} />
        </div>
        <Button type="submit" disabled={join.isPending || !hydrated}>
          {join.isPending ? (
            <>
              <Spinner /> Submitting...
            </>
          ) : (
            'Notify Me'
          )}
        </Button>
      </div>
      <p className="mt-3 text-xs text-muted-foreground">One e-mail when it ships. No newsletter.</p>
    </form>
  );
}
