export * from './common';
export * from './health';
export * from './users';
export * from './auth';
export * from './settings';
