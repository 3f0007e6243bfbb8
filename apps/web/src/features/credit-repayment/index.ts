/** What other features use from credit-repayment: the admin dashboard's overdue panel. */
export { OverdueCreditPanel } from './overdue-credit-panel.tsx';
