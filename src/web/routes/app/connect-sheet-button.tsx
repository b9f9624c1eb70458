import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/lib/paths';

/** Link to the Google Sheets setup, shown where a page needs a connected sheet. */
export function ConnectSheetButton({ label = 'Connect Google Sheet' }: { label?: string }) {
  return (
    <Button asChild>
      <Link to={paths.app.sheetsSetup}>{label}</Link>
    </Button>
  );
}
