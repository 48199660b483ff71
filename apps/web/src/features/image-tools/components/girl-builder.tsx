import {
  GIRL_BUILDER,
  GIRL_BUILDER_MULTI,
  GIRL_BUILDER_OPTIONAL,
  girlBuilderPrompt,
  type GirlBuilderField,
} from '@lumi/contract';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUILDER_FIELDS, MAX_HOBBIES, toggleMulti, type BuilderChoice } from '../lib/form-state';
import { optionKey } from '../lib/option-key';
import { Chip, GroupLegend } from './chips';
import { Fold } from '@/components/ui/fold';
import { Input } from '@/components/ui/input';

/** Lists longer than this get a filter box and a scrolling chip area. */
const LONG_LIST = 20;

export const builderFieldId = (field: GirlBuilderField) => `builder-${field}`;

/** The girl builder (spec §3): every field as chips, required ones starred. */
export function GirlBuilder({
  value,
  onChange,
}: {
  value: BuilderChoice;
  onChange: (builder: BuilderChoice) => void;
}) {
  const { t } = useTranslation('images');
  const prompt = girlBuilderPrompt(value);
  return (
    <div className="grid gap-5" data-testid="girl-builder">
      <p className="text-muted text-xs">
        <span className="text-pink" aria-hidden>
          *{' '}
        </span>
        {t('builder.requiredNote')}
      </p>
      {BUILDER_FIELDS.map((field) => (
        <BuilderField
          key={field}
          field={field}
          value={value[field]}
          onChange={(next) => {
            const copy = { ...value };
            if (next === undefined || (Array.isArray(next) && next.length === 0)) delete copy[field];
            else copy[field] = next;
            onChange(copy);
          }}
        />
      ))}
      <Fold title={t('builder.promptPreview')}>
        <p
          className="text-muted px-3.5 pb-3.5 font-mono text-xs leading-relaxed break-words"
          dir="ltr"
          lang="en"
        >
          {prompt}
        </p>
      </Fold>
    </div>
  );
}

function BuilderField({
  field,
  value,
  onChange,
}: {
  field: GirlBuilderField;
  value: string | string[] | undefined;
  onChange: (value: string | string[] | undefined) => void;
}) {
  const { t } = useTranslation('images');
  const name = useId();
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const values = GIRL_BUILDER[field] as readonly string[];
  const multi = GIRL_BUILDER_MULTI.has(field);
  const optional = GIRL_BUILDER_OPTIONAL.has(field);
  const label = (v: string) => t(`builder.${field}.${optionKey(v)}`);
  const chosen = Array.isArray(value) ? value : value ? [value] : [];
  const long = values.length > LONG_LIST;
  const needle = filter.trim().toLocaleLowerCase();
  const shown = needle
    ? values.filter((v) => label(v).toLocaleLowerCase().includes(needle) || v.includes(needle))
    : values;

  const aside = multi
    ? t('builder.chosenCount', { n: chosen.length, max: MAX_HOBBIES })
    : chosen[0]
      ? label(chosen[0])
      : optional
        ? t('builder.any')
        : null;

  const chips = (
    <div className="flex flex-wrap gap-2">
      {optional && !multi && !needle && (
        <Chip
          type="radio"
          name={name}
          option={{ value: '', label: t('builder.any') }}
          checked={chosen.length === 0}
          onChange={() => onChange(undefined)}
        />
      )}
      {shown.map((v) => (
        <Chip
          key={v}
          type={multi ? 'checkbox' : 'radio'}
          name={name}
          option={{
            value: v,
            label: label(v),
            disabled: multi && !chosen.includes(v) && chosen.length >= MAX_HOBBIES,
          }}
          checked={chosen.includes(v)}
          onChange={() => onChange(multi ? toggleMulti(chosen, v, MAX_HOBBIES) : v)}
        />
      ))}
      {shown.length === 0 && <p className="text-muted py-1 text-sm">{t('builder.noMatch')}</p>}
    </div>
  );

  return (
    <fieldset id={builderFieldId(field)} className="min-w-0 scroll-mt-24" data-testid={`builder-${field}`}>
      <GroupLegend
        legend={
          <>
            {t(`builder.${field}.label`)}
            {!optional && (
              <>
                <span className="text-pink ms-0.5" aria-hidden>
                  *
                </span>
                <span className="sr-only"> ({t('builder.required')})</span>
              </>
            )}
          </>
        }
        aside={aside}
      />
      {long ? (
        <div className="mt-2">
          <div className="relative">
            <Search
              className="text-faint pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2"
              aria-hidden
            />
            <label htmlFor={filterId} className="sr-only">
              {t('builder.filter', { field: t(`builder.${field}.label`) })}
            </label>
            <Input
              id={filterId}
              type="search"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              placeholder={t('builder.filterPlaceholder')}
              className="h-10 py-0 ps-9"
              autoComplete="off"
            />
          </div>
          <div className="border-line/60 mt-2 max-h-44 overflow-y-auto overscroll-contain rounded-xl border p-2">
            {chips}
          </div>
        </div>
      ) : (
        <div className="mt-2">{chips}</div>
      )}
    </fieldset>
  );
}
