/** What other parts of the web app use from auth: the frame's session watcher. */
export { SessionWatcher } from './components/session-watcher.tsx';
