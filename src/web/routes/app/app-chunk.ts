// Entry of the business app's lazy chunk (/app/*): router.tsx loads this module once for every app page.
import { AccountPage } from './account-page';
import { AnalyticsPage } from './analytics-page';
import { AppLayout } from './app-layout';
import { BillingPage } from './billing-page';
import { ClientDetailPage } from './client-detail-page';
import { ClientManagementPage } from './client-management-page';
import { DashboardPage } from './dashboard-page';
import { DevelopersPage } from './developers-page';
import { PortalConfigPage } from './portal-config-page';
import { SheetsSetupPage } from './sheets-setup-page';
import { TemplateConfigPage } from './template-config-page';
import { NotificationsPage } from './notifications-page';
import { WorkloadPage } from './workload-page';

export const appChunk = {
  Layout: AppLayout,
  Dashboard: DashboardPage,
  ClientManagement: ClientManagementPage,
  ClientDetail: ClientDetailPage,
  Analytics: AnalyticsPage,
  PortalConfig: PortalConfigPage,
  Workload: WorkloadPage,
  SheetsSetup: SheetsSetupPage,
  TemplateConfig: TemplateConfigPage,
  Notifications: NotificationsPage,
  Account: AccountPage,
  Billing: BillingPage,
  Developers: DevelopersPage,
};
