/**
 * Tibay's public contact details and outside links, in one place (footer, chat panel, contact and privacy pages).
 * The store listings, social pages and bank partner link are the values to change when the real ones exist.
 */
export const siteInfo = {
  name: 'Tibay',
  supportPhone: '(02) 8651 2345',
  supportPhoneHref: 'tel:+63286512345',
  supportMobile: '0917 845 2290',
  supportMobileHref: 'tel:+639178452290',
  supportEmail: 'support@tibay.ph',
  privacyEmail: 'privacy@tibay.ph',
  officeHours: 'Monday to Saturday, 8:00 AM to 6:00 PM',
  officeAddress: '12th Floor, Cityland Shaw Tower, 24 Shaw Boulevard, Mandaluyong City, 1552 Metro Manila',
  /** The office marker on the contact map (Shaw Boulevard, Mandaluyong). */
  officeCoordinates: [14.5869, 121.0537] as [number, number],
  postalAddress:
    'Data Protection Officer, Tibay, 12th Floor, Cityland Shaw Tower, 24 Shaw Boulevard, Mandaluyong City, 1552 Metro Manila, Philippines',
  facebookUrl: 'https://www.facebook.com/tibay.ph',
  facebookLabel: 'facebook.com/tibay.ph',
  instagramUrl: 'https://www.instagram.com/tibay.ph',
  tiktokUrl: 'https://www.tiktok.com/@tibay.ph',
  youtubeUrl: 'https://www.youtube.com/@tibayph',
  appStoreUrl: 'https://apps.apple.com/ph/app/tibay/id6502198341',
  googlePlayUrl: 'https://play.google.com/store/apps/details?id=ph.tibay.app',
  /** The BuildCredit bank partner shown in the top navigation. */
  bankPartnerName: 'Kaagapay Bank',
  bankPartnerUrl: 'https://www.kaagapaybank.com.ph/',
  copyright: '© 2026 Tibay',
} as const;
