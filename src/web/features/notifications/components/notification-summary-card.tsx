import { useQuery } from '@tanstack/react-query';
import { BellIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useBusinessTimeZone } from '@web/features/auth/api/use-me';
import { formatDateTime } from '@web/lib/date-time';
import { paths } from '@web/lib/paths';
import { notificationSummaryQueryOptions } from '../api/notifications';

/** The dashboard's client messages: updates sent this month (and how many of them were texts), and a held mail server said plainly (issue 19). */
export function NotificationSummaryCard() {
  const summary = useQuery(notificationSummaryQueryOptions());
  const timeZone = useBusinessTimeZone();
  if (!summary.data) return null;
  const { sentThisMonth, textsThisMonth, mailOutage } = summary.data;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Client E-mails</CardTitle>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.app.notifications}>
            <BellIcon aria-hidden="true" /> Settings
          </Link>
        </Button>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        <p>
          <span className="text-2xl font-bold tabular-nums" data-testid="updates-sent-this-month">
            {sentThisMonth.toLocaleString()}
          </span>{' '}
          updates sent this month
          {textsThisMonth > 0 ? (
            <>
              {', '}
              <span className="font-semibold tabular-nums" data-testid="texts-sent-this-month">
                {textsThisMonth.toLocaleString()}
              </span>{' '}
              of them by text
            </>
          ) : null}
        </p>
        {mailOutage ? (
          <p className="text-destructive">
            Sending is held since {formatDateTime(mailOutage.since, timeZone)}: the mail server does not answer. Messages wait and go out when it is back.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
