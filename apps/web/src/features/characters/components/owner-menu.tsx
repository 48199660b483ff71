import type { CharacterSummary } from '@lumi/contract';
import { Copy, Download, MoreVertical, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { useNavigate } from '@/lib/router';
import { cardUrl } from '../api/card-url';
import { getCharacter } from '../api/get-character';

/** Session key the create page reads for edit and clone (spec §3 "formState"). */
export const FORM_STATE_KEY = 'formState';

/** Edit, clone, export and delete for one of the user's own characters. */
export function OwnerMenu({ character, onDelete }: { character: CharacterSummary; onDelete: () => void }) {
  const { t } = useTranslation('characters');
  const locale = useLocale();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const openForm = async (type: 'edit' | 'clone') => {
    setOpen(false);
    const detail = await getCharacter(character.id);
    try {
      window.sessionStorage.setItem(FORM_STATE_KEY, JSON.stringify(detail));
    } catch {
      // Without session storage the form opens empty.
    }
    navigate(`${getHref(locale, 'createCharacter')}?type=${type}`);
  };

  const item =
    'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-start text-sm hover:bg-surface-3 focus-visible:bg-surface-3 focus-visible:outline-none';
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('owner.menu', { name: character.name })}
        onClick={() => setOpen((v) => !v)}
        className="grid h-9 w-9 place-items-center rounded-full bg-black/45 text-white backdrop-blur hover:bg-black/65"
      >
        <MoreVertical className="h-4.5 w-4.5" aria-hidden />
      </button>
      {open && (
        <div
          role="menu"
          className="animate-pop-in border-line bg-surface-2 absolute end-0 top-11 z-20 w-44 rounded-xl border p-1 shadow-xl shadow-black/40"
        >
          <button type="button" role="menuitem" className={item} onClick={() => void openForm('edit')}>
            <Pencil className="h-4 w-4" aria-hidden />
            {t('owner.edit')}
          </button>
          <button type="button" role="menuitem" className={item} onClick={() => void openForm('clone')}>
            <Copy className="h-4 w-4" aria-hidden />
            {t('owner.clone')}
          </button>
          <a
            role="menuitem"
            className={item}
            href={cardUrl(character.id)}
            download
            onClick={() => setOpen(false)}
          >
            <Download className="h-4 w-4" aria-hidden />
            {t('owner.export')}
          </a>
          <button
            type="button"
            role="menuitem"
            className={`${item} text-danger`}
            onClick={() => {
              setOpen(false);
              onDelete();
            }}
          >
            <Trash2 className="h-4 w-4" aria-hidden />
            {t('owner.delete')}
          </button>
        </div>
      )}
    </div>
  );
}
