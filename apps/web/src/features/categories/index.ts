/** What other parts of the web app use from categories. */
export { useCategories } from './api.ts';
