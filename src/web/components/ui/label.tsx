import * as LabelPrimitive from '@radix-ui/react-label';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

/** A form label; always bind it to its control with htmlFor. */
export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn('text-sm font-medium leading-none text-foreground select-none peer-disabled:opacity-60', className)}
      {...props}
    />
  );
}
