import './zod-locale';
export * from './permissions';
export * from './money';
export * from './errors';
export * from './api/index';
