import type { ComponentProps, ReactNode } from 'react';
import { FieldError } from '@web/components/field-error';
import { PasswordInput } from '@web/components/password-input';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';

/** A labelled input with its error line (role="alert") and optional hint, wired with aria-describedby. */
export function TextField({
  id,
  label,
  error,
  hint,
  password = false,
  ...props
}: Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  password?: boolean;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const inputProps = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, ...props };
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {password ? <PasswordInput {...inputProps} /> : <Input {...inputProps} />}
      <FieldError id={`${id}-error`} message={error} />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
