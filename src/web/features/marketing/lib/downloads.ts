import { templateCsv } from '@core/sheet-template';
import { announcementEmailsText } from '@web/content/announcement-emails';
import type { ResourceDownload } from '@web/content/resources';

/** The file's text, built in the browser from the same sources the product uses. */
export function downloadContent(source: ResourceDownload['source']): string {
  switch (source) {
    case 'client-sheet-template':
      return templateCsv();
    case 'announcement-emails':
      return announcementEmailsText;
  }
}

/** Saves a resource's file (a Blob behind a temporary link; nothing is fetched). */
export function downloadResourceFile(download: ResourceDownload): void {
  const blob = new Blob([downloadContent(download.source)], { type: `${download.mimeType};charset=utf-8` });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = download.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
