/** What other parts of the web app use from back office II: the inventory pages' nav and the dashboard's line. */
export { InventoryNav } from './inventory-nav.tsx';
export { PendingTransfersLine } from './pending-transfers-line.tsx';
