import { messages } from '@core/messages';
import { planIds, plans } from '@core/plans';
import { isEmail } from '@core/validation/email';
import { useState, type FormEvent } from 'react';
import { FieldError } from '@web/components/field-error';
import { Spinner } from '@web/components/spinner';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { businessStatuses, type BusinessStatus } from '@core/business-status';
import type { BusinessInput } from '@web/features/admin/api/businesses';
import { capitalise } from '@web/features/admin/components/format';
import { NativeSelect } from '@web/features/admin/components/native-select';
import { TimeZoneField } from '@web/features/account/components/time-zone-field';

type Errors = Partial<Record<keyof BusinessInput, string>>;

function validate(v: BusinessInput): Errors {
  const e: Errors = {};
  if (!v.companyName.trim()) e.companyName = messages.signup.companyNameRequired;
  if (!v.ownerName.trim()) e.ownerName = messages.signup.ownerNameRequired;
  if (!v.email.trim()) e.email = messages.signup.emailRequired;
  else if (!isEmail(v.email.trim())) e.email = messages.signup.emailInvalid;
  return e;
}

/** Add or edit a business: company, owner, e-mail, phone, plan and status. */
export function BusinessForm({
  initial,
  submitLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
}: {
  initial: BusinessInput;
  submitLabel: string;
  pending: boolean;
  serverError: string | null;
  onSubmit: (value: BusinessInput) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState<BusinessInput>(initial);
  const [errors, setErrors] = useState<Errors>({});
  // The server's answer to the last submit: hidden once a field is edited (spec 4: editing clears the error).
  const [showServerError, setShowServerError] = useState(true);
  const set = <K extends keyof BusinessInput>(key: K, v: BusinessInput[K]) => {
    setValue((old) => ({ ...old, [key]: v }));
    setErrors((old) => ({ ...old, [key]: undefined }));
    setShowServerError(false);
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    setShowServerError(true);
    const found = validate(value);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    onSubmit({ ...value, companyName: value.companyName.trim(), ownerName: value.ownerName.trim(), email: value.email.trim(), phone: value.phone.trim() });
  }
  const field = (key: 'companyName' | 'ownerName' | 'email' | 'phone', label: string, type = 'text') => (
    <div className="space-y-1.5">
      <Label htmlFor={`business-${key}`}>{label}</Label>
      <Input
        id={`business-${key}`}
        type={type}
        value={value[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `business-${key}-error` : undefined}
      />
      <FieldError id={`business-${key}-error`} message={errors[key]} />
    </div>
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {field('companyName', 'Company Name')}
      {field('ownerName', 'Owner Name')}
      {field('email', 'Email', 'email')}
      {field('phone', 'Phone', 'tel')}
      <TimeZoneField id="business-timezone" value={value.timeZone} onChange={(zone) => set('timeZone', zone)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="business-plan">Plan</Label>
          <NativeSelect id="business-plan" value={value.plan} onChange={(e) => set('plan', e.target.value as BusinessInput['plan'])}>
            {planIds.map((p) => (
              <option key={p} value={p}>
                {plans[p].name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="business-status">Status</Label>
          <NativeSelect id="business-status" value={value.status} onChange={(e) => set('status', e.target.value as BusinessStatus)}>
            {businessStatuses.map((s) => (
              <option key={s} value={s}>
                {capitalise(s)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <FieldError id="business-form-error" message={(showServerError && serverError) || undefined} />
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner /> : null} {submitLabel}
        </Button>
      </div>
    </form>
  );
}
