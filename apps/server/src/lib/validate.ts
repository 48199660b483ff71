import { ErrorCode } from '@lumi/contract';
import { BusinessError } from './errors';

/** What a schema's issue needs to name its field: its kind, where, and the unknown keys. */
export interface InputIssue {
  code: string;
  path: readonly PropertyKey[];
  keys?: readonly string[];
}

/**
 * The business error for the first problem a schema found in `input`: an unknown field, a
 * missing one (absent or blank), or one whose value is wrong, named so the user reads which
 * input to fix, in their language (100001). Request validation (lib/endpoint.ts) uses it.
 */
export function inputError(issue: InputIssue | undefined, input: unknown): BusinessError {
  if (!issue) return new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_input');
  if (issue.code === 'unrecognized_keys') {
    return new BusinessError(ErrorCode.INVALID_INPUT, 'unknown_field', {
      field: (issue.keys ?? []).join(', '),
    });
  }
  const field = issue.path.map(String).join('.');
  if (!field) return new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_input');
  // Zod 4 leaves `issue.input` out unless asked, so look the value up in the input itself (a
  // form's JSON text field, such as character_book, as the schema parsed it).
  const value = issue.path.reduce<unknown>((parent, key) => {
    const node = typeof parent === 'string' ? parsedJson(parent) : parent;
    return node !== null && typeof node === 'object' ? Reflect.get(node, key) : undefined;
  }, input);
  const blank = value === undefined || (typeof value === 'string' && value.trim() === '');
  const missing = issue.code === 'invalid_type' && blank;
  return new BusinessError(ErrorCode.INVALID_INPUT, missing ? 'missing_field' : 'invalid_field', {
    field,
  });
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Nesting deeper than this is refused before any code walks the input (recursion would overflow). */
export const MAX_INPUT_DEPTH = 64;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text no field may hold: NUL, which PostgreSQL refuses in text and jsonb alike, and a lone
 * UTF-16 surrogate, which jsonb refuses (and text would quietly store as U+FFFD).
 */
const isBadText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** A field name fit to show in a message. */
const FIELD_NAME = /^[\w.-]{1,100}$/;

/**
 * Refuses input that no field may hold, wherever it is (query, path, body, multipart fields):
 * a text with NUL or a lone surrogate names its field (100001), nesting deeper than
 * MAX_INPUT_DEPTH is a 400. Walks without recursion, so a deep input cannot overflow the stack.
 */
export function refuseBadInput(input: unknown): void {
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value: input, path: [], depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path, depth } = item;
    if (typeof value === 'string') {
      if (!isBadText(value)) continue;
      const field = path.join('.');
      throw FIELD_NAME.test(field)
        ? new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_field', { field })
        : new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_input');
    }
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) continue;
    if (depth >= MAX_INPUT_DEPTH) throw new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_input', {}, 400);
    for (const [key, child] of Object.entries(value)) {
      if (isBadText(key)) throw new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_input');
      stack.push({ value: child, path: [...path, key], depth: depth + 1 });
    }
  }
}
