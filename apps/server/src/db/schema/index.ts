export * from './debts';
export * from './files';
export * from './identification';
export * from './messaging';
export * from './partners';
