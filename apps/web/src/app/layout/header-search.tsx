import { SearchInput } from '@/components/ui/search-input';
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
      <SearchInput
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t('search.placeholder')}
      />
    </form>
  );
}
