/**
 * zod without its compiled parsers: the site's Content-Security-Policy allows no 'unsafe-eval'
 * (apps/server/src/plugins/security-headers.ts), and zod would try `new Function` and be
 * reported as a violation on every page that validates. This is `z.config({ jitless: true })`
 * set through the global zod reads its config from, so the home page does not load zod's core
 * only to set it; it runs before any schema is built (the first import of main.tsx).
 * e2e/tests/security-headers.spec.ts fails if a page reports the violation again.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((scope.__zod_globalConfig ??= {}), { jitless: true });

export {};
