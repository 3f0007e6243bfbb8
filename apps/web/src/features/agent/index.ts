/** What other parts of the web app use from agent: the header's customer switcher. */
export { AgentSwitcher } from './components/agent-switcher.tsx';
