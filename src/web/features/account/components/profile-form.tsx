import { CheckIcon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { profileUpdateSchema } from '@core/validation/profile';
import { Spinner } from '@web/components/spinner';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import type { MeBusiness } from '@web/features/auth/api/me';
import { errorMessage } from '@web/lib/api-client';
import { useUpdateProfile } from '../api/account';
import { TimeZoneField } from './time-zone-field';
import { TextField } from '@web/components/text-field';
import { fieldErrors } from '@web/lib/form-errors';

/** 'Saved!' shows this long (spec 9: save confirmation 3 s). */
const SAVED_MS = 3000;

type Fields = { companyName: string; ownerName: string; phone: string; timeZone: string };

/** Company name, owner name, phone and time zone, saved on the server (PATCH /api/v1/me). */
export function ProfileForm({ business }: { business: MeBusiness }) {
  const initial: Fields = { companyName: business.companyName, ownerName: business.ownerName, phone: business.phone, timeZone: business.timeZone };
  const [fields, setFields] = useState<Fields>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const update = useUpdateProfile();

  useEffect(() => {
    if (!saved) return;
    const id = window.setTimeout(() => setSaved(false), SAVED_MS);
    return () => window.clearTimeout(id);
  }, [saved]);

  const set = (name: keyof Fields) => (value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    setSaved(false);
    setErrors((e) => {
      if (!(name in e)) return e;
      const next = { ...e };
      delete next[name];
      return next;
    });
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.reset();
    const parsed = profileUpdateSchema.safeParse(fields);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (me) => {
        if (me.business) setFields({ companyName: me.business.companyName, ownerName: me.business.ownerName, phone: me.business.phone, timeZone: me.business.timeZone });
        setSaved(true);
      },
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Profile">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id="account-company" label="Company Name" autoComplete="organization" value={fields.companyName} onChange={(e) => set('companyName')(e.target.value)} error={errors.companyName} />
        <TextField id="account-owner" label="Owner Name" autoComplete="name" value={fields.ownerName} onChange={(e) => set('ownerName')(e.target.value)} error={errors.ownerName} />
        <TextField id="account-phone" label="Phone Number" type="tel" autoComplete="tel" value={fields.phone} onChange={(e) => set('phone')(e.target.value)} error={errors.phone} />
        <TimeZoneField id="account-timezone" value={fields.timeZone} onChange={set('timeZone')} error={errors.timeZone} />
      </div>
      {update.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(update.error)}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner /> : null} Save Profile
        </Button>
        <span role="status" className="flex items-center gap-1 text-sm font-medium text-green-700 dark:text-green-400">
          {saved ? (
            <>
              <CheckIcon aria-hidden="true" className="size-4" /> Saved!
            </>
          ) : null}
        </span>
      </div>
    </form>
  );
}
