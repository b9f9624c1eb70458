import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@web/lib/cn';

// A deliberately small Markdown subset for the site's own long-form content (src/web/content): headings (## and
// ###), paragraphs, bullet and numbered lists, '> ' notes, and inline **bold**, `code` and [links](/path).
// It builds React elements, never HTML strings, so nothing in the text can inject markup.

type Block =
  | { kind: 'h2' | 'h3' | 'p' | 'note'; text: string }
  | { kind: 'ul' | 'ol'; items: string[] };

function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let para: string[] = [];
  let list: { kind: 'ul' | 'ol'; items: string[] } | null = null;
  let note: string[] = [];
  const flush = () => {
    if (para.length) blocks.push({ kind: 'p', text: para.join(' ') });
    if (list) blocks.push(list);
    if (note.length) blocks.push({ kind: 'note', text: note.join(' ') });
    para = [];
    list = null;
    note = [];
  };
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    const heading = /^(#{2,3}) (.*)$/.exec(line);
    const bullet = /^[-*] (.*)$/.exec(line);
    const numbered = /^\d+\. (.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: heading[1] === '##' ? 'h2' : 'h3', text: heading[2]! });
    } else if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol';
      if (!list || list.kind !== kind || para.length) {
        flush();
        list = { kind, items: [] };
      }
      list.items.push((bullet ?? numbered)![1]!);
    } else if (line.startsWith('> ')) {
      if (!note.length) flush();
      note.push(line.slice(2));
    } else if (list) {
      // A continuation line of the last list item.
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      para.push(line);
    }
  }
  flush();
  return blocks;
}

const INLINE = /\*\*([^*]+)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Inline **bold**, `code` and [label](href) as React nodes. */
export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) out.push(<strong key={key++} className="font-semibold text-foreground">{m[1]}</strong>);
    else if (m[2] !== undefined)
      out.push(
        <code key={key++} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.9em]">
          {m[2]}
        </code>,
      );
    else {
      const href = m[4]!;
      const label = m[3]!;
      out.push(
        href.startsWith('/') ? (
          <Link key={key++} to={href} className="font-medium text-link underline underline-offset-2">
            {label}
          </Link>
        ) : (
          <a key={key++} href={href} className="font-medium text-link underline underline-offset-2" rel="noopener noreferrer">
            {label}
          </a>
        ),
      );
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Renders the Markdown subset as accessible, styled prose. */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const blocks = parseBlocks(source);
  return (
    <div className={cn('space-y-4 text-base leading-7 text-muted-foreground', className)}>
      {blocks.map((block, i) => {
        switch (block.kind) {
          case 'h2':
            return (
              <h2 key={i} className="pt-4 text-2xl font-bold tracking-tight text-foreground">
                {renderInline(block.text)}
              </h2>
            );
          case 'h3':
            return (
              <h3 key={i} className="pt-2 text-lg font-semibold text-foreground">
                {renderInline(block.text)}
              </h3>
            );
          case 'note':
            return (
              <p key={i} className="rounded-lg border-l-4 border-primary bg-accent px-4 py-3 text-accent-foreground">
                {renderInline(block.text)}
              </p>
            );
          case 'ul':
          case 'ol': {
            const List = block.kind;
            return (
              <List key={i} className={cn('space-y-2 pl-6', block.kind === 'ul' ? 'list-disc' : 'list-decimal')}>
                {block.items.map((item, j) => (
                  <li key={j}>{renderInline(item)}</li>
                ))}
              </List>
            );
          }
          default:
            return <p key={i}>{renderInline(block.text)}</p>;
        }
      })}
    </div>
  );
}
