/** The spec's browser storage keys (spec 1 §3). One list so nothing else invents names. */
export const localKeys = {
  authToken: 'authToken',
  agentToken: 'agentToken',
  agentData: 'agentData',
  user: 'user',
  userId: 'userId',
  userName: 'userName',
  rpafStatus: 'rpafStatus',
  globalAddress: 'globalAddress',
  globalCoordinates: 'globalCoordinates',
  modalShown: 'modalShown',
  micrositeHandle: 'micrositeHandle',
  /** Ours: when the auth token stops working (ISO time), to show the expiry message on time. */
  authExpiresAt: 'authExpiresAt',
  agentExpiresAt: 'agentExpiresAt',
  /** Ours: the seller center's own session (spec 1 §1 "separate seller site"), apart from the buyer's authToken. */
  sellerToken: 'sellerToken',
  sellerExpiresAt: 'sellerExpiresAt',
} as const;

export const sessionKeys = {
  cartCount: 'cartCount',
  cartCurrentSeller: 'cartCurrentSeller',
  /** Ours: the seller registration's draft between its steps, the logo included (spec 3 §4). */
  sellerRegistration: 'sellerRegistration',
} as const;
