/** The swapped photo's file name. */
export const swapFileName = (jobId: string) => `face-swap-${jobId}.webp`;

/**
 * Saves a picture under a file name: the signed URL is fetched as a blob and handed to an
 * `<a download>`, since a cross-navigation to the URL would open the image instead of saving it.
 */
export async function downloadImage(url: string, fileName: string): Promise<void> {
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
