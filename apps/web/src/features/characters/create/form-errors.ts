import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors as HookErrors, Resolver, UseFormReturn } from 'react-hook-form';
import {
  formValuesSchema,
  issueError,
  type ErrorKey,
  type FieldError,
  type FieldErrors,
  type FieldName,
  type FormValues,
} from './form-model';

/*
 * react-hook-form keeps each field's error as { type, message }; the message carries the form's
 * error key and its limit ("tooLong:1000"), which the fields translate (useErrorText). The avatar
 * is a file, not a form value: its error is the root error `root.avatar`.
 */

const ERROR_KEYS = new Set<string>([
  'avatarRequired',
  'nameRequired',
  'descRequired',
  'greetingRequired',
  'imageFormat',
  'imageTooLarge',
  'tooLong',
  'tooManyTags',
  'lorebookInvalid',
] satisfies ErrorKey[]);

const encode = (error: FieldError) => (error.max === undefined ? error.key : `${error.key}:${error.max}`);

function decode(message: unknown): FieldError | undefined {
  if (typeof message !== 'string') return undefined;
  const [key = '', max] = message.split(':');
  if (!ERROR_KEYS.has(key)) return undefined;
  return max === undefined ? { key: key as ErrorKey } : { key: key as ErrorKey, max: Number(max) };
}

/** A field's message; an array field's error may sit on one of its items. */
function messageOf(error: unknown): unknown {
  if (Array.isArray(error)) return messageOf(error.find(Boolean));
  return (error as { message?: unknown } | undefined)?.message;
}

/**
 * The form's resolver: the contract's schema through zodResolver, each issue worded as the form's
 * error (issueError). `raw`: a valid form hands on its values as typed.
 */
export const characterResolver = zodResolver(
  formValuesSchema,
  {
    error: (issue) => {
      const found = issueError(issue);
      return found ? encode(found.error) : undefined;
    },
  },
  { raw: true },
) as unknown as Resolver<FormValues>;

/** The errors react-hook-form holds, as the fields show them. */
export function fieldErrorsOf(errors: HookErrors<FormValues>): FieldErrors {
  const out: FieldErrors = {};
  for (const field of Object.keys(formValuesSchema.shape) as (keyof FormValues)[]) {
    const error = decode(messageOf(errors[field]));
    if (error) out[field] = error;
  }
  const avatar = decode(errors.root?.avatar?.message);
  if (avatar) out.avatar = avatar;
  return out;
}

type HookForm = Pick<UseFormReturn<FormValues>, 'setError' | 'clearErrors'>;

/** Shows an error on a field (the avatar included). */
export function showError(form: HookForm, field: FieldName, error: FieldError): void {
  form.setError(field === 'avatar' ? 'root.avatar' : field, { type: 'validate', message: encode(error) });
}

/** Clears the errors of these fields. */
export function clearFieldErrors(form: HookForm, fields: readonly FieldName[]): void {
  if (fields.includes('avatar')) form.clearErrors('root.avatar');
  form.clearErrors(fields.filter((field): field is keyof FormValues => field !== 'avatar'));
}
