/** X's and Facebook's marks (lucide has no brand icons), drawn in the current colour. */
export function XMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden>
      <path d="M17.75 3h3.07l-6.7 7.65L22 21h-6.17l-4.83-6.3L5.47 21H2.4l7.17-8.19L2 3h6.32l4.37 5.77L17.75 3Zm-1.08 16.2h1.7L7.4 4.73H5.57l11.1 14.47Z" />
    </svg>
  );
}

export function FacebookMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden>
      <path d="M13.5 21v-7.5h2.53l.38-2.94H13.5V8.69c0-.85.24-1.43 1.46-1.43h1.55V4.63c-.27-.04-1.19-.12-2.27-.12-2.25 0-3.79 1.37-3.79 3.9v2.15H7.92v2.94h2.53V21h3.05Z" />
    </svg>
  );
}
