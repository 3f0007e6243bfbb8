/** What other parts of the web app use from complete-profile: the profile and agent queries (the profile page). */
export { completeProfileKeys, useAgents, useProfile } from './api.ts';
