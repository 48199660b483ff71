import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  icon?: ReactNode;
}

/**
 * A tab list (WAI-ARIA tabs, automatic activation): arrow keys move and choose, Home and End
 * jump; in right-to-left pages the arrows follow the reading direction. `fill` lays the tabs
 * out as a block whose tabs share its width and may shrink, on the page's background.
 */
export function Tabs<T extends string>({
  label,
  items,
  value,
  onChange,
  idBase,
  variant = 'inline',
  className,
}: {
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Tab i is `${idBase}-tab-${value}`, its panel `${idBase}-panel-${value}`. */
  idBase: string;
  variant?: 'inline' | 'fill';
  className?: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = event.key === 'ArrowRight' ? (rtl ? -1 : 1) : event.key === 'ArrowLeft' ? (rtl ? 1 : -1) : 0;
    let next = index + step;
    if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else if (step === 0) return;
    event.preventDefault();
    next = (next + items.length) % items.length;
    const item = items[next];
    if (!item) return;
    onChange(item.value);
    refs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      className={cn(
        'border-line gap-1 rounded-full border p-1',
        variant === 'fill' ? 'bg-bg/60 flex' : 'bg-surface inline-flex',
        className,
      )}
    >
      {items.map((item, i) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idBase}-tab-${item.value}`}
            aria-selected={selected}
            aria-controls={`${idBase}-panel-${item.value}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.value)}
            onKeyDown={(e) => move(e, i)}
            className={cn(
              'inline-flex h-9 flex-1 items-center justify-center gap-1.5 rounded-full text-sm font-semibold whitespace-nowrap transition-colors duration-150',
              variant === 'fill' ? 'min-w-0 px-3' : 'px-4',
              selected
                ? 'bg-accent text-white shadow-md shadow-pink/20'
                : 'text-muted hover:text-fg hover:bg-surface-2',
            )}
          >
            {item.icon}
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
