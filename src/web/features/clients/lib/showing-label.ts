/**
 * 'Showing X of Y clients' (spec 2.15): X the clients the search and status filter match, Y all the portal's clients.
 * When the matches fill more than one page, the rows on this page are named too.
 */
export function showingLabel(p: { matching: number; all: number; page: number; pageSize: number; onPage: number }): string {
  if (p.matching <= p.onPage) return `Showing ${p.matching} of ${p.all} clients`;
  const first = (p.page - 1) * p.pageSize + 1;
  const range = `${first}-${first + p.onPage - 1}`;
  return p.matching === p.all ? `Showing ${range} of ${p.all} clients` : `Showing ${range} of ${p.matching} matching, ${p.all} clients in all`;
}
