import type { ReportFileDto } from '../../../preload/contract/index.js';

/** Hands a file from the host to the browser's download (a temporary object URL, revoked after a while). */
export function downloadFile(file: ReportFileDto): void {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
