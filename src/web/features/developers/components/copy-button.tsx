import { CheckIcon, CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';

/** Copies `text` to the clipboard and says so for two seconds. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          window.setTimeout(() => setCopied(false), 2000);
        });
      }}
    >
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      {copied ? 'Copied' : label}
    </Button>
  );
}

/** A secret shown once: in a monospace box that wraps, with a copy button. */
export function SecretBox({ value, label }: { value: string; label: string }) {
  return (
    <div className="space-y-2">
      <code aria-label={label} data-testid="shown-secret" className="block rounded-md border border-border bg-muted px-3 py-2 font-mono text-sm break-all text-foreground select-all">
        {value}
      </code>
      <CopyButton text={value} />
    </div>
  );
}
