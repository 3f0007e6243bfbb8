export * from './accounts.ts';
export * from './errors.ts';
export * from './geocoding.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './pagination.ts';
export * from './phone.ts';
