/** Every group of routes (api/routes/<group>.ts). */
export * from './characters';
export * from './chat';
export * from './content';
export * from './images';
export * from './reports';
export * from './session';
export * from './speech';
