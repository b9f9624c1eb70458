import { useMemo } from 'react';
import { FieldError } from '@web/components/field-error';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/features/portals/components/native-select';

function timeZones(current: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(['UTC', ...zones]);
  if (current) all.add(current);
  return [...all].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

/** The business's time zone: today, due dates, estimates and analytics days are counted in it (D8). */
export function TimeZoneField({ id, value, onChange, error }: { id: string; value: string; onChange: (zone: string) => void; error?: string }) {
  const zones = useMemo(() => timeZones(value), [value]);
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Time Zone</Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
      >
        {zones.map((z) => (
          <option key={z} value={z}>
            {z.replace(/_/g, ' ')}
          </option>
        ))}
      </NativeSelect>
      <FieldError id={`${id}-error`} message={error} />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Today, due dates, estimates and the analytics days are counted in this zone.
      </p>
    </div>
  );
}
