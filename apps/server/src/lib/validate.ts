import { ErrorCode } from '@lumi/contract';
import type { z } from 'zod';
import { BusinessError } from './errors';

/**
 * Parses a request part with a contract schema. The first problem becomes a business error
 * that names the field, so the user reads which input to fix, in their language.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_input');
  if (issue.code === 'unrecognized_keys') {
    throw new BusinessError(ErrorCode.INVALID_INPUT, 'unknown_field', {
      field: issue.keys.join(', '),
    });
  }
  const field = issue.path.map(String).join('.');
  if (!field) throw new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_input');
  // Zod 4 leaves `issue.input` out unless asked, so look the value up in the input itself.
  const value = issue.path.reduce<unknown>(
    (parent, key) => (parent !== null && typeof parent === 'object' ? Reflect.get(parent, key) : undefined),
    input,
  );
  const blank = value === undefined || (typeof value === 'string' && value.trim() === '');
  const missing = issue.code === 'invalid_type' && blank;
  throw new BusinessError(ErrorCode.INVALID_INPUT, missing ? 'missing_field' : 'invalid_field', {
    field,
  });
}
