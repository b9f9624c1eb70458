import { AlertTriangleIcon } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Button } from '@web/components/ui/button';

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
}

/** Shown when a page fails to load or render (a new deploy removed an old chunk, a render error). */
export function RootError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const status = isRouteErrorResponse(error) ? error.status : null;

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex justify-end px-4 py-3">
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div role="alert" className="w-full max-w-md rounded-xl border border-border bg-card p-8 text-center shadow-sm">
          <AlertTriangleIcon aria-hidden="true" className="mx-auto mb-4 size-10 text-destructive" />
          <h1 className="text-2xl font-bold">{chunk ? 'A new version is available' : 'Something went wrong'}</h1>
          <p className="mt-3 text-sm text-muted-foreground">
            {chunk
              ? 'This page could not be loaded, probably because the app was just updated. Reload to get the latest version.'
              : status
                ? `The page could not be shown (error ${status}). Please try again.`
                : 'The page could not be shown. Please reload and try again.'}
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Button onClick={() => window.location.reload()}>Reload</Button>
            <Button asChild variant="outline">
              <a href="/">Go to home</a>
            </Button>
          </div>
        </div>
      </main>
    </div>
  );
}
