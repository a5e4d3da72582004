export * from './debts';
export * from './files';
export * from './messaging';
export * from './partners';
