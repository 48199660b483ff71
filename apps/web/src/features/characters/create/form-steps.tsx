import { CATEGORIES, GENDERS, type Visibility } from '@lumi/contract';
import { Globe, Lock, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { Link } from '@/lib/router';
import { AvatarField } from './avatar-field';
import { CardField } from './card-field';
import {
  ChoiceGroup,
  Field,
  Switch,
  describedBy,
  fieldId,
  useErrorText,
  useExplainedChoices,
} from './form-controls';
import { TEXT_LIMITS, type FieldName, type FormValues, type TextField } from './form-model';
import { GreetingsField } from './greetings-field';
import { ModelField } from './model-field';
import { ReferenceField } from './reference-field';
import { TagsField } from './tags-field';
import { VoiceField } from './voice-field';
import type { CharacterForm } from './use-character-form';
import { Input, Textarea } from '@/components/ui/input';

interface TextProps {
  form: CharacterForm;
  /** Its texts are `fields.<field>.label`, `.hint` and `.placeholder`. */
  field: TextField;
  required?: boolean;
  /** False for a field without a hint. */
  hint?: boolean;
  /** What the hint and the placeholder put in. */
  values?: Record<string, string>;
  /** Rows of a textarea; a one-line input without. */
  rows?: number;
}

/** A text input or textarea bound to the form, with its texts, counter and error. */
function TextInput({ form, field, required, hint: hasHint = true, values, rows }: TextProps) {
  const { t } = useTranslation('create');
  const label = t(`fields.${field}.label`);
  const hint = hasHint ? t(`fields.${field}.hint`, values) : undefined;
  const placeholder = t(`fields.${field}.placeholder`, values);
  const error = useErrorText()(form.errors[field]);
  const value = form.values[field];
  const max = TEXT_LIMITS[field];
  const common = {
    id: fieldId(field),
    value,
    placeholder,
    maxLength: max,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(field, Boolean(hint), Boolean(error)),
    dir: 'auto',
  } as const;
  return (
    <div data-field={field}>
      <Field
        field={field}
        label={label}
        required={required ?? false}
        optional={!required}
        hint={hint}
        error={error}
        count={{ value: value.length, max }}
      >
        {rows ? (
          <Textarea
            {...common}
            rows={rows}
            onChange={(e) => form.setField(field, e.target.value)}
            className="leading-relaxed"
          />
        ) : (
          <Input
            {...common}
            type="text"
            autoComplete="off"
            enterKeyHint="next"
            onChange={(e) => form.setField(field, e.target.value)}
          />
        )}
      </Field>
    </div>
  );
}

/** One of a list, bound to the form: its texts are `fields.<field>.label` and `.<option>`. */
function ListChoice<K extends 'gender' | 'category'>({
  form,
  field,
  options,
  columns,
}: {
  form: CharacterForm;
  field: K;
  options: readonly FormValues[K][];
  columns?: string;
}) {
  const { t } = useTranslation('create');
  return (
    <ChoiceGroup<FormValues[K]>
      field={field}
      legend={t(`fields.${field}.label`)}
      value={form.values[field]}
      onChange={(v) => form.setField(field, v)}
      {...(columns ? { columns } : {})}
      choices={options.map((option) => ({ value: option, label: t(`fields.${field}.${option}`) }))}
    />
  );
}

export function BasicsStep({ form }: { form: CharacterForm }) {
  const { t } = useTranslation('create');
  const locale = useLocale();
  const errorText = useErrorText();
  const { values, setField } = form;
  const nsfwId = fieldId('nsfw');
  const visibilities = useExplainedChoices<Visibility>('visibility', {
    public: <Globe className="text-pink h-5 w-5 shrink-0" aria-hidden />,
    private: <Lock className="text-violet h-5 w-5 shrink-0" aria-hidden />,
  });
  return (
    <div className="space-y-6">
      <CardField
        card={form.card}
        problem={form.cardProblem}
        onPick={form.pickCard}
        onRemove={form.removeCard}
      />
      <AvatarField
        url={form.avatarUrl}
        fromCard={form.avatarFromCard}
        error={errorText(form.errors.avatar)}
        onPick={form.pickAvatar}
      >
        <TextInput form={form} field="name" hint={false} required />
      </AvatarField>
      <ListChoice form={form} field="gender" options={GENDERS} />
      <ListChoice form={form} field="category" options={CATEGORIES} columns="grid-cols-2 sm:grid-cols-4" />
      <ChoiceGroup<Visibility>
        field="visibility"
        legend={t('fields.visibility.label')}
        value={values.visibility}
        onChange={(v) => setField('visibility', v)}
        choices={visibilities}
      />
      <div data-field="nsfw" className="border-line bg-surface-2/60 rounded-2xl border p-3.5 sm:p-4">
        <div className="flex items-center gap-4">
          <div className="min-w-0 flex-1">
            <label htmlFor={nsfwId} className="text-sm font-semibold">
              {t('fields.nsfw.label')}
            </label>
            <p id={`${nsfwId}-hint`} className="text-muted mt-0.5 text-xs leading-relaxed">
              {t('fields.nsfw.hint')}
            </p>
          </div>
          <Switch
            id={nsfwId}
            checked={values.nsfw}
            onChange={(v) => setField('nsfw', v)}
            describedBy={describedBy('nsfw' satisfies FieldName, true, false)}
          />
        </div>
        {values.nsfw && !form.adultEnabled && (
          <p className="bg-pink/10 text-fg mt-3 flex items-start gap-2 rounded-xl px-3 py-2 text-xs leading-relaxed">
            <ShieldAlert className="text-pink mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>
              {t('fields.nsfw.needsSetting')}{' '}
              <Link to={getHref(locale, 'profile')} className="text-pink font-semibold underline">
                {t('fields.nsfw.openProfile')}
              </Link>
            </span>
          </p>
        )}
      </div>
    </div>
  );
}

export function PersonalityStep({ form }: { form: CharacterForm }) {
  const errorText = useErrorText();
  return (
    <div className="space-y-6">
      <TextInput form={form} field="desc" rows={4} required />
      <TextInput form={form} field="appearance" rows={3} />
      <ReferenceField picture={form.reference} />
      <TextInput form={form} field="personality" rows={6} />
      <TagsField
        value={form.values.tags}
        error={errorText(form.errors.tags)}
        onChange={(v) => form.setField('tags', v)}
      />
    </div>
  );
}

export function ConversationStep({ form }: { form: CharacterForm }) {
  const errorText = useErrorText();
  const { values, setField } = form;
  return (
    <div className="space-y-6">
      <TextInput form={form} field="firstMessage" rows={4} required />
      <GreetingsField
        value={values.alternateGreetings}
        error={errorText(form.errors.alternateGreetings)}
        onChange={(v) => setField('alternateGreetings', v)}
      />
      <TextInput form={form} field="scenario" rows={3} />
      <TextInput
        form={form}
        field="exampleDialogue"
        values={{ user: '{{user}}', char: '{{char}}' }}
        rows={5}
      />
      <ModelField
        chatStyle={values.chatStyle}
        model={values.model}
        nsfw={values.nsfw}
        onChatStyle={(v) => setField('chatStyle', v)}
        onModel={(v) => setField('model', v)}
      />
      <VoiceField
        value={values.voiceId}
        visibility={values.visibility}
        onChange={(v) => setField('voiceId', v)}
      />
    </div>
  );
}
