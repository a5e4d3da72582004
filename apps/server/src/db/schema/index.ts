export * from './debts';
export * from './files';
export * from './identification';
export * from './messaging';
export * from './negotiation';
export * from './partners';
export * from './second-copies';
export * from './staff';
