// Server entry used only at build time (scripts/prerender.mjs): renders one public page to HTML with React
// Router's static handler. The same route tree and providers as main.tsx, so the browser hydrates the result.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { prerenderPaths } from '@web/content/site-map';
import { routes } from './router';

export { prerenderPaths };

export interface RenderedPage {
  /** The app's markup, for inside #root. */
  html: string;
  /** title, meta and link tags the page asked for (React emits them first; moved into <head>). */
  head: string;
  status: number;
}

const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

/** Renders `path` (e.g. '/pricing') as the browser would show it on first load. */
export async function render(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} answered a redirect (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const markup = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
  const head = HOISTED.exec(markup)?.[0] ?? '';
  return { html: markup.slice(head.length), head, status: context.statusCode };
}
