import type { LucideIcon } from 'lucide-react';

/** A tool page's title with its icon and one line about it. */
export function PageHeader({
  icon: Icon,
  title,
  subtitle,
}: {
  icon: LucideIcon;
  title: string;
  subtitle: string;
}) {
  return (
    <header className="relative mb-6">
      <div
        className="from-pink/15 via-violet/10 pointer-events-none absolute -top-10 -z-10 h-48 w-full max-w-xl rounded-full bg-radial to-transparent blur-3xl"
        aria-hidden
      />
      <h1 className="flex items-center gap-2.5 text-2xl font-extrabold tracking-tight text-balance sm:text-[2rem]">
        <Icon className="text-pink h-7 w-7 shrink-0" aria-hidden />
        {title}
      </h1>
      <p className="text-muted mt-2 max-w-2xl text-sm leading-relaxed text-pretty sm:text-base">{subtitle}</p>
    </header>
  );
}
