/** Every group of routes (api/routes/<group>.ts). */
export * from './accounts';
export * from './characters';
export * from './chat';
export * from './content';
export * from './images';
export * from './payments';
export * from './pictures';
export * from './reports';
export * from './session';
export * from './speech';
export * from './operator';
