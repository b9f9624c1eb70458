/**
 * 'Showing X of Y clients' (spec 2.15): X the clients the search and status filter match, Y all the portal's clients.
 * When the matches fill more than one page, the rows on this page are named too.
 */
export function showingLabel(p: { matching: number; all: number; page: number; pageSize: number; onPage: number }): string {
  const n = (v: number) => v.toLocaleString('en-US');
  if (p.matching <= p.onPage) return `Showing ${n(p.matching)} of ${n(p.all)} clients`;
  const first = (p.page - 1) * p.pageSize + 1;
  const range = `${n(first)}-${n(first + p.onPage - 1)}`;
  return p.matching === p.all ? `Showing ${range} of ${n(p.all)} clients` : `Showing ${range} of ${n(p.matching)} matching, ${n(p.all)} clients in all`;
}
