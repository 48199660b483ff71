export * from './errors';
export * from './chat';
export * from './image';
