import type { ComponentProps, ReactNode } from 'react';
import { FieldError } from '@web/components/field-error';
import { PasswordInput } from '@web/components/password-input';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';

/** A labelled input with its error line and optional hint, wired with aria-describedby. */
export function FormField({
  id,
  label,
  error,
  hint,
  password = false,
  ...props
}: Omit<ComponentProps<'input'>, 'id'> & { id: string; label: string; error?: string; hint?: ReactNode; password?: boolean }) {
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

/** First message per top-level field of a failed parse. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
