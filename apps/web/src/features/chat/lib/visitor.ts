/**
 * Whether the visitor is an admin, as the last character list answered (`is_admin`, kept in
 * sessionStorage by the characters feature). It only decides whether operator instructions
 * (which setting to set) are shown; the server guards everything an admin can do.
 */
export function isAdminVisitor(): boolean {
  try {
    return window.sessionStorage.getItem('is_admin') === 'true';
  } catch {
    return false;
  }
}
