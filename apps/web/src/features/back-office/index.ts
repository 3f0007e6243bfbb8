/** What other parts of the web app use from the back office: the dashboard's panel of what waits (issue 19). */
export { WaitingPanel } from './waiting-panel.tsx';
