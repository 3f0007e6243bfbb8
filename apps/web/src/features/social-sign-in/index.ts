/** Google and Facebook sign-in buttons and their return, and the profile's linked accounts (decision 0031). */
export { SocialButtons } from './social-buttons.tsx';
export { SocialLinksSection } from './social-links-section.tsx';
