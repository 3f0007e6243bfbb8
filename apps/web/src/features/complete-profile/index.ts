/** What other parts of the web app use from complete-profile: the profile and agent queries (the profile page). */
export { AgentSelect } from './agent-select.tsx';
export { completeProfileKeys, useProfile } from './api.ts';
