/** What other parts of the web app use from the home page's feature. */
export { useBlogs } from './api.ts';
