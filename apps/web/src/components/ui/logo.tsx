/** The site's mark: a sparkle on the accent gradient. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden focusable="false">
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff4f9a" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="18" fill="url(#logo-g)" />
      <path d="M32 13l4.6 12.4L49 30l-12.4 4.6L32 47l-4.6-12.4L15 30l12.4-4.6z" fill="#fff" />
    </svg>
  );
}
