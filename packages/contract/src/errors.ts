/**
 * The envelope codes of every call (spec §8). HTTP status stays 200 for business errors; the
 * codes the framework answers first (malformed body, too large, wrong media type) keep their
 * HTTP status and still carry the envelope.
 */
export const ErrorCode = {
  OK: 0,
  /** No valid ticket: the client logs in as a tourist and retries once. */
  NO_SESSION: 100000,
  INVALID_INPUT: 100001,
  /** The client opens the credits-exhausted dialog. */
  NOT_ENOUGH_CREDITS: 100002,
  TOO_FREQUENT: 100003,
  NOT_FOUND: 100004,
  FORBIDDEN: 100005,
  LOGIN_FAILED: 100006,
  INVALID_TOURIST_CODE: 100007,
  /** An adult character or model and the caller has not enabled adult content. */
  NSFW_REQUIRED: 100008,
  /** Refused by the content policy (decisions.md). */
  CONTENT_POLICY: 100009,
  /** The character was deleted by its creator. */
  CHARACTER_DELETED: 100010,
  /** An email sign-in code that is wrong, expired, used up or asked for by another browser. */
  CODE_INVALID: 100011,
  /** A call that could not be done (cancel a subscription...); the message says which. */
  OPERATION_FAILED: 100012,
  PAYLOAD_TOO_LARGE: 100013,
  UNSUPPORTED_MEDIA_TYPE: 100015,
  INTERNAL: 100500,
  SERVICE_BUSY: 100503,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/**
 * Keys of the server's messages; the text of each, in every locale, lives in
 * `messages/<locale>.json`. `{{field}}` is filled in by the server.
 */
export const MESSAGE_KEYS = [
  'operation_failed',
  'too_frequent',
  'not_enough_credits',
  'service_busy',
  'invalid_input',
  'invalid_field',
  'unknown_field',
  'missing_field',
  'payload_too_large',
  'unsupported_media_type',
  'not_found',
  'forbidden',
  'invalid_tourist_code',
  'login_failed',
  'unsupported_login_type',
  'character_avatar_required',
  'character_name_required',
  'character_desc_required',
  'character_greeting_required',
  'image_format',
  'image_too_large',
  'card_invalid',
  'content_minor',
  'nsfw_required',
  'character_deleted',
  'manage_blocked',
  'email_invalid',
  'code_wrong',
  'code_expired',
  'code_tries',
  'code_invalid',
  'mail_code_subject',
  'mail_code_text',
  'sign_in_required',
  'adult_confirm_required',
  'update_failed',
  'remove_account_failed',
  'payments_off',
  'redeem_empty',
  'redeem_invalid',
  'redeem_success',
  'cancel_failed',
  'cancel_success',
  'no_subscription',
  'plan_week',
  'plan_month',
  'plan_quarter',
  'plan_year',
  'mail_receipt_subject',
  'mail_receipt_text',
  'mail_receipt_test',
  'generation_failed',
  'generation_refused',
  'advanced_paid_only',
  'fast_limit',
  'audio_format',
  'audio_corrupt',
  'audio_silent',
  'audio_too_large',
  'reference_length',
  'script_too_long',
  'script_required',
  'consent_required',
  'faceswap_consent_required',
  'no_face_base',
  'no_face_face',
  'cross_site',
  'tourist_limit',
  'content_refused',
  'reply_refused',
  'image_explicit',
  'account_banned',
  'voice_clone_private',
  'voice_unavailable',
  'speech_reply_only',
  'take_back_short',
  'order_refunded_already',
  'order_not_refundable',
  'refund_failed',
  'ban_admin',
  'job_not_cancellable',
  'job_not_retryable',
  'retry_short',
  'job_cancelled',
] as const;

export type MessageKey = (typeof MESSAGE_KEYS)[number];

/**
 * Messages with a number in them (`{{count}}`): their files hold one key per plural form the
 * language needs (`code_wrong_one`, `code_wrong_other`; Arabic six), and the server passes
 * `count` so its i18next picks the form (apps/server/src/i18n.ts).
 */
export const PLURAL_MESSAGE_KEYS = [
  'code_wrong',
  'mail_code_text',
  'fast_limit',
] as const satisfies readonly MessageKey[];

export type PluralMessageKey = (typeof PLURAL_MESSAGE_KEYS)[number];

/** A key of a messages file: a message, or one plural form of a message with a number. */
export type MessageFileKey =
  Exclude<MessageKey, PluralMessageKey> | `${PluralMessageKey}_${Intl.LDMLPluralRule}`;

/** The one message that is a protocol marker, never shown to people, so never translated. */
export const NO_SESSION_MESSAGE = 'no user uid';

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T | null;
}
