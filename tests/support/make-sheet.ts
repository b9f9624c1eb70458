// A client sheet as CSV, generated the way real sheets vary (ported from the shared make-sheet.mjs fixture
// generator): `makeSheet(rows, seed)`. The same seed gives the same sheet; `variant` changes some statuses.

const first = ['Ana', 'Ben', 'Chloe', 'Dmitri', 'Esra', 'Farah', 'Gus', 'Hana', 'Ivan', 'Jo', 'Kemal', 'Lena', 'Mateo', 'Nia', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Sven', 'Tariq', 'Uma', 'Vera', 'Wei', 'Yara', 'Zoe'];
const last = ['Abbott', 'Baker', 'Castillo', 'Dubois', 'Eriksen', 'Fischer', 'García', 'Huang', 'Ito', 'Jensen', 'Kowalski', 'Lopez', "O'Brien", 'Müller', 'Nakamura', 'Okafor', 'Patel', 'Quispe', 'Rossi', 'Schmidt', 'Tanaka', 'Usman', 'Varga', 'Weber', 'Zhang'];
const statuses = ['Pending', 'In Progress', 'Review', 'Completed', 'Waiting on client', 'Queue', 'Done', 'Active', 'On hold', 'Cancelled'];
const priorities = ['1', '2', '3', '4', '5', '6', '8', 'High', 'Medium', 'Low', 'Urgent', ''];
const notes = ['', 'Documents received', 'Needs signature, then filing', 'Called on Monday; "back next week"', 'Line one\nLine two', 'Invoice #12, paid'];

const q = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** CSV text of `rows` clients with the template's columns. `variant` > 0 shifts every `variant`-th status. */
export function makeSheet(rows: number, seed = 42, variant = 0): string {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  const out = ['Client ID,Client Name,Email Address,Status,Priority,Due Date,Notes'];
  for (let i = 1; i <= rows; i++) {
    const f = pick(first);
    const l = pick(last);
    const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(rand() * 730) * 86400000).toISOString().slice(0, 10);
    const email = `${f}.${l}.${i}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, '');
    let status = pick(statuses);
    if (variant > 0 && i % variant === 0) status = status === 'Completed' ? 'Review' : 'Completed';
    out.push([`C-${String(i).padStart(6, '0')}`, `${f} ${l}`, email, status, pick(priorities), rand() < 0.8 ? day : '', pick(notes)].map(q).join(','));
  }
  return out.join('\n') + '\n';
}
