export * from './errors';
export * from './chat';
export * from './image';
export * from './speech';
export * from './voice';
export * from './faceswap';
export * from './random';
export * from './moderation';
