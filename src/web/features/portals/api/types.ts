// Shapes of the portals API: inferred from the schemas the server validates its answers with (@core/api/portals),
// so the app and the API cannot drift apart. Types only: zod stays out of the browser bundle.
export type {
  ImportReport,
  Portal,
  PortalDetail,
  PortalList,
  SavedSheetSource,
  SavedSource,
  SheetAnalysis,
  SourceType,
  SyncPhase,
  SyncRun,
  SyncRunList,
  SyncStatus,
  UploadedFileInfo,
} from '@core/api/portals';
