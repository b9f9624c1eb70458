import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '@web/lib/query-client';
import { createRouter } from './router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// Public pages arrive pre-rendered (scripts/prerender.mjs): React takes over that HTML (hydrateRoot). Every
// other page starts from the empty shell and renders from scratch.
const hydrate = container.firstElementChild !== null;

void createRouter({ hydrate }).then((router) => {
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  // Hydrating in a transition lets React yield to the browser between components instead of one long task.
  if (hydrate) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
});
