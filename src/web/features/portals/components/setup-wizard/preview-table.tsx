import { columnLetter } from '@core/sheet-values';

/** Sheet rows under their headers, with the field a column is mapped to (scrolls sideways on small screens). */
export function PreviewTable({ headers, rows, caption, labels = {} }: { headers: readonly string[]; rows: readonly (readonly string[])[]; caption: string; labels?: Record<number, string> }) {
  const width = Math.max(headers.length, ...rows.map((r) => r.length));
  const columns = Array.from({ length: width }, (_, i) => i);
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-max text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 align-bottom font-medium">
                {labels[c] ? <span className="mb-1 block text-xs font-semibold text-link">{labels[c]}</span> : null}
                <span className="text-xs text-muted-foreground">{columnLetter(c)} </span>
                {headers[c] || <span className="text-muted-foreground italic">(no header)</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-t border-border">
              {columns.map((c) => (
                <td key={c} className="max-w-64 truncate px-3 py-2 whitespace-pre-line" title={row[c] ?? ''}>
                  {row[c] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
