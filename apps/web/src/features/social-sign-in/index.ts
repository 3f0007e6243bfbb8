/** Google and Facebook sign-in buttons and their return (decision 0031). */
export { SocialButtons } from './social-buttons.tsx';
