// Entry of the back office's lazy chunk (/admin/*): router.tsx loads this module once for every admin page.
import { AdminActivityPage } from './admin-activity-page';
import { AdminAnalyticsPage } from './admin-analytics-page';
import { AdminDashboardPage } from './admin-dashboard-page';
import { AdminInboxPage } from './admin-inbox-page';
import { AdminLayout } from './admin-layout';
import { AdminSettingsPage } from './admin-settings-page';
import { BusinessesPage } from './businesses-page';

export const adminChunk = {
  Layout: AdminLayout,
  Dashboard: AdminDashboardPage,
  Businesses: BusinessesPage,
  Analytics: AdminAnalyticsPage,
  Settings: AdminSettingsPage,
  Inbox: AdminInboxPage,
  Activity: AdminActivityPage,
};
