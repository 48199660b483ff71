export * from './errors';
export * from './chat';
