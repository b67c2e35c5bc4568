import { STAMP, formatLocal } from '../util/date-format';

/** Saves a blob under a file name (an object URL clicked through a temporary link). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start the download after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `<title>_yyyyMMddHHmmss.<ext>` */
export function exportFileName(title: string, ext: string, now = new Date()): string {
  return `${title.replace(/[\\/:*?"<>|]/g, '_')}_${formatLocal(now, STAMP)}.${ext}`;
}
