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

const pad = (n: number) => String(n).padStart(2, '0');

/** `<title>_yyyyMMddHHmmss.<ext>` */
export function exportFileName(title: string, ext: string, now = new Date()): string {
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `${title.replace(/[\\/:*?"<>|]/g, '_')}_${stamp}.${ext}`;
}
