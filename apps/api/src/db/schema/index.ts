// drizzle-kit reads every file in this folder; the app imports the tables from here.
export * from './accounts.ts';
export * from './cart.ts';
export * from './catalog.ts';
export * from './chat.ts';
export * from './content.ts';
export * from './credit.ts';
export * from './inventory.ts';
export * from './inventory-transfers.ts';
export * from './login-qr.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './purchasing.ts';
export * from './reviews.ts';
export * from './search.ts';
export * from './seller-registrations.ts';
export * from './sellers.ts';
