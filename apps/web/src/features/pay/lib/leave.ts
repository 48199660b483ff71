/** Sends the browser to a checkout page (a full navigation: it may be another site). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
