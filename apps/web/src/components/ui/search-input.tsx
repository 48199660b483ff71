import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';

/**
 * A rounded search field with its magnifier at the inline start; the parent places it and is
 * `relative`. Its placeholder is also its accessible name.
 */
export function SearchInput({ placeholder, ...props }: ComponentProps<'input'>) {
  return (
    <>
      <Search
        className="text-faint pointer-events-none absolute start-3.5 top-1/2 h-4 w-4 -translate-y-1/2"
        aria-hidden
      />
      <input
        type="search"
        placeholder={placeholder}
        aria-label={placeholder}
        className="border-line bg-surface-2 placeholder:text-faint focus:border-violet h-10 w-full rounded-full border ps-10 pe-4 text-sm outline-none"
        {...props}
      />
    </>
  );
}
