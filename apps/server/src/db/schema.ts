/**
 * Every table, one file per domain under tables/; drizzle-kit reads them through this file
 * (drizzle.config.ts), and the code imports them from here.
 */
export * from './tables/accounts';
export * from './tables/credits';
export * from './tables/characters';
export * from './tables/app';
export * from './tables/chat';
export * from './tables/payments';
export * from './tables/jobs';
export * from './tables/moderation';
export * from './tables/pictures';
export * from './tables/operator';
