import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { useNavigate } from '@/lib/router';

/** The header's search box on the character pages, large screens only (spec §2). */
export function HeaderSearch() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = value.trim();
    if (query) navigate(getHref(locale, 'search', { searchKey: query }));
  };
  return (
    <form role="search" onSubmit={submit} className="relative hidden w-72 lg:block xl:w-80">
      <Search
        className="text-faint pointer-events-none absolute start-3.5 top-1/2 h-4 w-4 -translate-y-1/2"
        aria-hidden
      />
      <input
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        className="border-line bg-surface-2 placeholder:text-faint focus:border-violet h-10 w-full rounded-full border ps-10 pe-4 text-sm outline-none"
      />
    </form>
  );
}
