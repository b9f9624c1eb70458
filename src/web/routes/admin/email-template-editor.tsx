import { EyeIcon, RotateCcwIcon, SaveIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { LoadingState, Spinner } from '@web/components/spinner';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { type EmailTemplate, useEmailTemplateMutations, useEmailTemplates } from '@web/features/admin/api/email-templates';
import { NativeSelect } from '@web/features/admin/components/native-select';
import { errorMessage } from '@web/lib/api-client';

function Editor({ template }: { template: EmailTemplate }) {
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [notice, setNotice] = useState<string | null>(null);
  const m = useEmailTemplateMutations();
  const draft = { subject, body };
  const error = m.save.error ?? m.reset.error ?? m.preview.error ?? m.test.error;
  const dirty = subject !== template.subject || body !== template.body;
  const insert = (name: string) => setBody((b) => `${b}{{${name}}}`);

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">{template.description}</p>
      <div className="space-y-1.5">
        <Label htmlFor="template-subject">Subject</Label>
        <Input id="template-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="template-body">Body</Label>
        <textarea
          id="template-body"
          rows={10}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          className="w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-sm text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        <p className="text-xs text-muted-foreground">Separate paragraphs with a blank line. A paragraph that is only {'{{link}}'} becomes a button.</p>
      </div>
      <div>
        <p className="mb-1.5 text-sm font-medium">Placeholders</p>
        <div className="flex flex-wrap gap-1.5">
          {template.placeholders.map((p) => (
            <button key={p} type="button" onClick={() => insert(p)} className="rounded-md border border-border bg-muted px-2 py-0.5 font-mono text-xs hover:bg-accent" title="Add to the body">
              {`{{${p}}}`}
            </button>
          ))}
        </div>
      </div>
      {notice ? (
        <Alert variant="success">
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      ) : null}
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(error)}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={m.save.isPending || !subject.trim() || !body.trim()}
          onClick={() => {
            setNotice(null);
            m.save.mutate({ key: template.key, draft }, { onSuccess: () => setNotice('Template saved.') });
          }}
        >
          {m.save.isPending ? <Spinner /> : <SaveIcon aria-hidden="true" />} Save Template
        </Button>
        <Button variant="outline" disabled={m.preview.isPending} onClick={() => m.preview.mutate({ key: template.key, draft })}>
          {m.preview.isPending ? <Spinner /> : <EyeIcon aria-hidden="true" />} Preview
        </Button>
        <Button
          variant="outline"
          disabled={m.test.isPending}
          onClick={() => {
            setNotice(null);
            m.test.mutate({ key: template.key, draft }, { onSuccess: (r) => setNotice(`A test e-mail was sent to ${r.sentTo}.`) });
          }}
        >
          {m.test.isPending ? <Spinner /> : <SendIcon aria-hidden="true" />} Send Test
        </Button>
        {!template.isDefault || dirty ? (
          <Button
            variant="ghost"
            disabled={m.reset.isPending}
            onClick={() => {
              setNotice(null);
              m.reset.mutate(template.key, { onSuccess: () => setNotice('Back to the default text.') });
            }}
          >
            <RotateCcwIcon aria-hidden="true" /> Reset to default
          </Button>
        ) : null}
      </div>
      {m.preview.data ? (
        <div className="rounded-lg border border-border" data-testid="template-preview">
          <div className="border-b border-border bg-muted/60 px-4 py-2 text-sm">
            <span className="text-muted-foreground">Subject: </span>
            <strong>{m.preview.data.subject}</strong>
          </div>
          {/* The server renders the HTML with every value escaped; shown in a sandboxed frame. */}
          <iframe title="E-mail preview" sandbox="" srcDoc={m.preview.data.html} className="h-72 w-full rounded-b-lg bg-white" />
          {m.preview.data.unknownPlaceholders.length ? (
            <p className="px-4 py-2 text-sm text-destructive">Unknown placeholders: {m.preview.data.unknownPlaceholders.map((p) => `{{${p}}}`).join(', ')}</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Edit the subject and body of each transactional e-mail, with preview and a test send (D1). */
export function EmailTemplateEditor() {
  const query = useEmailTemplates();
  const [key, setKey] = useState('welcome');
  const templates = query.data?.templates ?? [];
  const template = templates.find((t) => t.key === key) ?? templates[0];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Email Templates</CardTitle>
        <CardDescription>Subject and body of each e-mail the platform sends. Sample values fill the placeholders in previews and tests.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isPending ? (
          <LoadingState />
        ) : query.isError ? (
          <p className="text-sm text-destructive">{errorMessage(query.error)}</p>
        ) : template ? (
          <>
            <div className="max-w-sm space-y-1.5">
              <Label htmlFor="template-key">Template</Label>
              <NativeSelect id="template-key" value={template.key} onChange={(e) => setKey(e.target.value)}>
                {templates.map((t) => (
                  <option key={t.key} value={t.key}>
                    {t.name}
                    {t.isDefault ? '' : ' (edited)'}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Editor key={`${template.key}:${template.updatedAt ?? 'default'}`} template={template} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
