import './zod-locale';
export * from './permissions';
export * from './money';
export * from './errors';
export * from './api/index';
export * from './pricing';
export * from './promptpay';
