/**
 * Hands a file fetched into memory to the browser's download, as `fileName`. Used where a plain link cannot work:
 * the route needs a header (a bearer token) or the page must know about a failure before anything is saved.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.click();
  // The click has started the download; the object URL is not needed after it.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}
