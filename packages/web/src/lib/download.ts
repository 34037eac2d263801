import { CSV_MIME_TYPE } from '@pos/core';

/** Saves text as a file through the browser's download (no server call). */
export function downloadTextFile(fileName: string, text: string, mimeType: string = CSV_MIME_TYPE): void {
  downloadBlob(fileName, new Blob([text], { type: mimeType }));
}

/** Saves a file the server sent (a PDF, an XML document) through the browser's download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
