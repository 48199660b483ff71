export * from './types';
export * from './floor';
