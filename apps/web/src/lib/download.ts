/**
 * Saves a file (a picture, a recording) under a file name: the signed URL is fetched as a blob and
 * handed to an `<a download>`, since following the link would open the file instead of saving it.
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const href = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The click has started the download; give the browser a moment before freeing the blob.
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
