import { MODEL_PROFILES, parseTags, type CharacterDetail, type UserInfo } from '@lumi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getHref } from '@/config/paths';
import { useLocale } from '@/hooks/use-locale';
import { ApiError } from '@/lib/api-client';
import { useNavigate } from '@/lib/router';
import { readJson, StorageKey } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { createCharacter } from '../api/create-character';
import { useCharacterBook } from '../api/get-character-book';
import { useChipTag } from '../hooks/use-tag-label';
import { modifyCharacter } from '../api/modify-character';
import { fillFromCard, readCard, type CardProblem } from './card-import';
import { useReferencePicture } from './use-reference-picture';
import { clearDraft, readDraft, saveDraft } from './draft';
import { fieldId } from './form-controls';
import { characterResolver, clearFieldErrors, fieldErrorsOf, showError } from './form-errors';
import {
  EMPTY_VALUES,
  STEP_FIELDS,
  STEPS,
  allowedModel,
  buildFormData,
  checkAvatarFile,
  bookJson,
  firstErrorField,
  lorebookField,
  validateAll,
  validateStep,
  valuesOfCharacter,
  type FieldErrors,
  type FieldName,
  type FormMode,
  type FormValues,
} from './form-model';
import { clearFormState, readFormState, type FormType } from './form-state';
import { formBook, isBlankBook } from './lorebook-model';

interface Initial {
  mode: FormMode;
  source: CharacterDetail | null;
  /** ?type=edit or clone came without a stored character: a new one is started instead. */
  missingSource: boolean;
  values: FormValues;
  restoredDraft: boolean;
  adultEnabled: boolean;
}

function initialState(type: FormType | null): Initial {
  const adultEnabled = readJson<UserInfo>(StorageKey.userInfo)?.enable_nsfw === true;
  if (type) {
    const source = readFormState();
    if (source) {
      return {
        mode: type,
        source,
        missingSource: false,
        values: valuesOfCharacter(source),
        restoredDraft: false,
        adultEnabled,
      };
    }
  }
  const draft = readDraft();
  return {
    mode: 'create',
    source: null,
    missingSource: type !== null,
    values: draft ?? EMPTY_VALUES,
    restoredDraft: draft !== null,
    adultEnabled,
  };
}

/** Keeps the model consistent with the chat style and the NSFW switch. */
function reconcileModel(values: FormValues, changed: keyof FormValues): FormValues {
  let model = allowedModel(values.model, values.nsfw);
  if (changed === 'chatStyle') {
    const current = MODEL_PROFILES.find((m) => m.id === model);
    if (current?.chatStyle !== values.chatStyle) {
      model = MODEL_PROFILES.find((m) => m.chatStyle === values.chatStyle && !m.adult)?.id ?? model;
    }
  }
  return model === values.model ? values : { ...values, model };
}

interface PickedFile {
  file: File;
  url: string;
}

interface PickedCard {
  file: File;
  name: string;
  /** The object URL of a PNG card (it may serve as the avatar). */
  url: string | null;
}

/**
 * What the saved character became: a public one waiting for review is not published yet, and
 * a private one never is.
 */
export function successKey(
  mode: FormMode,
  saved: Pick<CharacterDetail, 'visibility' | 'approval'>,
): 'created' | 'createdPrivate' | 'sentForReview' | 'updated' | 'updatedForReview' {
  const review = saved.visibility === 'public' && saved.approval !== 'approved';
  if (mode === 'edit') return review ? 'updatedForReview' : 'updated';
  if (saved.visibility === 'private') return 'createdPrivate';
  return review ? 'sentForReview' : 'created';
}

export interface SubmitError {
  message: string;
  code: number;
}

const ALL_FIELDS = STEPS.flatMap((step) => STEP_FIELDS[step]);

/** `panelRef`: the form, scrolled into view when a step changes below its top. */
export function useCharacterForm(type: FormType | null, panelRef: RefObject<HTMLElement | null>) {
  const { t } = useTranslation('create');
  const { t: tc } = useTranslation();
  const chipTag = useChipTag();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [initial] = useState(() => initialState(type));
  const { mode, source } = initial;
  // The values and their errors live in react-hook-form; its resolver checks the contract's schema.
  const hookForm = useForm<FormValues>({
    defaultValues: initial.values,
    resolver: characterResolver,
    shouldFocusError: false,
  });
  const { control, getValues, setValue, reset } = hookForm;
  const values = useWatch({ control }) as FormValues;
  const errors = fieldErrorsOf(hookForm.formState.errors);
  const [restoredDraft, setRestoredDraft] = useState(initial.restoredDraft);
  const [step, setStep] = useState(0);
  const [avatar, setAvatar] = useState<PickedFile | null>(null);
  const reference = useReferencePicture(mode !== 'create' ? (source?.reference_image ?? null) : null);
  const [card, setCard] = useState<PickedCard | null>(null);
  const [cardProblem, setCardProblem] = useState<CardProblem | null>(null);
  const [submitError, setSubmitError] = useState<SubmitError | null>(null);
  const [confirming, setConfirming] = useState(false);

  // An edit or a clone shows the character's lorebook once it has come; until then (or if it
  // cannot come) nothing of it is sent and the character keeps its own.
  const book = useCharacterBook(mode !== 'create' ? source?.id : undefined);
  const bookState: 'ready' | 'loading' | 'failed' =
    mode === 'create' || book.isSuccess ? 'ready' : book.isError ? 'failed' : 'loading';
  // The book the server keeps when the form sends none: the stored one (a new character has
  // none), or an imported card's. The form sends its own only when it differs (lorebookField).
  const storedBook = useRef<string | undefined>(mode === 'create' ? bookJson(null) : undefined);
  const cardBook = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!book.isSuccess || storedBook.current !== undefined) return;
    const loaded = formBook(book.data);
    storedBook.current = bookJson(loaded);
    // A card imported meanwhile keeps its own book.
    if (isBlankBook(getValues().lorebook)) setValue('lorebook', loaded);
  }, [book.isSuccess, book.data, getValues, setValue]);

  const existingHead = mode !== 'create' ? source?.head || null : null;
  // The server takes a PNG card's image as the avatar only when there is no other one.
  const cardAvatar = !existingHead ? (card?.url ?? null) : null;
  const avatarUrl = avatar?.url ?? existingHead ?? cardAvatar;
  const hasAvatar = avatarUrl !== null;

  // Object URLs live until replaced or until the page goes.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const live = urls.current;
    return () => {
      for (const url of live) URL.revokeObjectURL(url);
      live.clear();
    };
  }, []);
  const objectUrl = (file: Blob) => {
    const url = URL.createObjectURL(file);
    urls.current.add(url);
    return url;
  };
  const revoke = (url: string | null | undefined) => {
    if (!url) return;
    URL.revokeObjectURL(url);
    urls.current.delete(url);
  };

  // A reload keeps the text of a new character (spec: drafts); edits start from the stored one.
  useEffect(() => {
    if (mode === 'create') saveDraft(values);
  }, [mode, values]);

  // After a jump to a step with an error, its first invalid field takes the focus.
  const pendingFocus = useRef<FieldName | null>(null);
  useEffect(() => {
    const field = pendingFocus.current;
    if (!field) return;
    pendingFocus.current = null;
    const element = document.getElementById(fieldId(field));
    element?.focus();
    element?.closest('[data-field]')?.scrollIntoView({ block: 'center' });
  });

  const showStep = (next: number) => {
    setStep(next);
    const top = panelRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) panelRef.current?.scrollIntoView({ block: 'start' });
  };

  const clearError = (field: FieldName) => clearFieldErrors(hookForm, [field]);

  /** Puts new values into the form, field by field where they changed. */
  function setValues(next: FormValues) {
    const prev = getValues();
    for (const key of Object.keys(next) as (keyof FormValues)[]) {
      if (next[key] !== prev[key]) setValue(key, next[key]);
    }
  }

  /** Replaces the errors shown on these fields with the ones found. */
  function replaceErrors(fields: readonly FieldName[], found: FieldErrors) {
    clearFieldErrors(hookForm, fields);
    for (const [field, error] of Object.entries(found) as [FieldName, FieldErrors[FieldName]][]) {
      if (error) showError(hookForm, field, error);
    }
  }

  function setField<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues(reconcileModel({ ...getValues(), [key]: value }, key));
    clearError(key);
    setSubmitError(null);
  }

  function pickAvatar(file: File | undefined) {
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) {
      showError(hookForm, 'avatar', problem);
      return;
    }
    revoke(avatar?.url);
    setAvatar({ file, url: objectUrl(file) });
    clearError('avatar');
    setSubmitError(null);
  }

  async function pickCard(file: File | undefined) {
    if (!file) return;
    setCardProblem(null);
    const result = await readCard(file);
    if (typeof result === 'string') {
      setCardProblem(result);
      return;
    }
    cardBook.current = bookJson(formBook(result.card.data.character_book));
    setValues(fillFromCard(getValues(), result.card));
    revoke(card?.url);
    setCard({ file, name: result.card.data.name, url: result.picture ? objectUrl(result.picture) : null });
    clearFieldErrors(hookForm, ['name', 'desc', 'personality', 'firstMessage']);
    if (result.picture) clearError('avatar');
    setSubmitError(null);
  }

  function removeCard() {
    cardBook.current = undefined;
    revoke(card?.url);
    setCard(null);
    setCardProblem(null);
  }

  function startOver() {
    reset(EMPTY_VALUES);
    setRestoredDraft(false);
    clearDraft();
  }

  /** Shows a step's errors (replacing its old ones) and jumps to it; true when it had none. */
  function check(target: number): boolean {
    const found = validateStep(target, getValues(), hasAvatar);
    replaceErrors(STEP_FIELDS[STEPS[target] ?? 'basics'], found);
    const first = firstErrorField(target, found);
    if (!first) return true;
    pendingFocus.current = first;
    showStep(target);
    return false;
  }

  /** Back always works; going forward checks every step passed over. */
  function goTo(target: number) {
    if (target < 0 || target >= STEPS.length) return;
    for (let s = step; s < target; s += 1) if (!check(s)) return;
    showStep(target);
  }

  /** Publish pressed: every step is checked, then the confirmation asks before anything is sent. */
  function requestPublish() {
    const { errors: found, first } = validateAll(getValues(), hasAvatar);
    if (first >= 0) {
      replaceErrors(ALL_FIELDS, found);
      pendingFocus.current = firstErrorField(first, found) ?? null;
      showStep(first);
      return;
    }
    setSubmitError(null);
    setConfirming(true);
  }

  const save = useMutation({
    mutationFn: (form: FormData) => (mode === 'edit' ? modifyCharacter(form) : createCharacter(form)),
    onMutate: () => setSubmitError(null),
    onError: (err) => {
      if (err instanceof ApiError && err.kind === 'business') {
        setSubmitError({ code: err.code, message: err.message || tc('errors.generic') });
      } else if (err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout')) {
        setSubmitError({ code: err.code, message: tc('errors.network') });
      } else {
        setSubmitError({ code: -1, message: tc('errors.generic') });
      }
    },
    onSuccess: (saved: CharacterDetail) => {
      clearDraft();
      if (mode !== 'create') clearFormState();
      notify('success', t(`success.${successKey(mode, saved)}`));
      // Lists that show the character (mine, home, search) are stale now.
      void queryClient.invalidateQueries();
      navigate(getHref(locale, 'myCharacters'));
    },
  });
  const submitting = save.isPending;

  /** Confirmed: the form checks the values once more through its resolver, then sends them. */
  function publish() {
    setConfirming(false);
    if (!hasAvatar) return;
    void hookForm.handleSubmit((checked) =>
      save.mutate(
        buildFormData({
          mode,
          // Chip tags typed or picked in the page's language go as the chip's tag ("Romantic").
          values: { ...checked, tags: parseTags(checked.tags).map(chipTag).join(', ') },
          sourceId: source?.id,
          avatar: avatar?.file ?? null,
          card: card?.file ?? null,
          lorebook: lorebookField(checked.lorebook, cardBook.current ?? storedBook.current),
          reference: reference.file,
          removeReference: reference.removed,
        }),
      ),
    )();
  }

  return {
    mode,
    source,
    missingSource: initial.missingSource,
    adultEnabled: initial.adultEnabled,
    restoredDraft,
    values,
    setField,
    step,
    goTo,
    errors,
    avatarUrl,
    avatarFromCard: avatar === null && existingHead === null && cardAvatar !== null,
    pickAvatar,
    reference,
    card,
    cardProblem,
    pickCard,
    removeCard,
    startOver,
    requestPublish,
    confirming,
    cancelPublish: () => setConfirming(false),
    publish,
    submitting,
    submitError,
    bookState,
    retryBook: () => void book.refetch(),
  };
}

export type CharacterForm = ReturnType<typeof useCharacterForm>;
