/** Login types of spec §3: 0 tourist, 1 Google, 2 Facebook, 4 another provider (email). */
export const LoginType = { TOURIST: 0, GOOGLE: 1, FACEBOOK: 2, OTHER: 4 } as const;
export type LoginTypeValue = (typeof LoginType)[keyof typeof LoginType];

export const TOURIST_CODE_LENGTH = 40;
export const TOURIST_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const TOURIST_CODE_PATTERN = /^[A-Za-z0-9]{40}$/;

/** Email sign-in codes (decisions.md). */
export const EMAIL_CODE = { digits: 6, minutes: 10, tries: 5 } as const;

/** Longest display name. */
export const USER_NAME_MAX = 40;
