/** What other parts of the web app use from search: the header's suggestions. */
export { useSearchSuggestions } from './api.ts';
