/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = 'Tibay@2026';

export type DemoRole = 'buyer' | 'agent' | 'seller' | 'admin';

export interface DemoUser {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  role: DemoRole;
  phone: string | null;
  agentCode?: string;
  /** Key of the agent this buyer is linked to. */
  agent?: string;
  address?: { text: string; latitude: number; longitude: number };
  hardwareName?: string;
  buyerType?: 'End User' | 'Company';
  completed: boolean;
}

/**
 * The demo accounts (README and the login page's hints name the first six). The others are buyers whose
 * names appear on product reviews.
 */
export const demoUsers: DemoUser[] = [
  {
    key: 'buyer',
    email: 'buyer@tibay.test',
    firstName: 'Juan',
    lastName: 'Dela Cruz',
    role: 'buyer',
    phone: '09171234567',
    agent: 'agent',
    address: {
      text: '24 Maginhawa Street, Barangay Teachers Village East, Quezon City, Metro Manila',
      latitude: 14.6436,
      longitude: 121.0617,
    },
    buyerType: 'End User',
    completed: true,
  },
  {
    key: 'agent',
    email: 'agent@tibay.test',
    firstName: 'Andrea',
    lastName: 'Lim',
    role: 'agent',
    phone: '09181234567',
    agentCode: 'AGT-0001',
    address: {
      text: '3F Tibay Sales Office, 88 Timog Avenue, Barangay South Triangle, Quezon City, Metro Manila',
      latitude: 14.6353,
      longitude: 121.0341,
    },
    completed: true,
  },
  {
    key: 'seller',
    email: 'seller@tibay.test',
    firstName: 'Ramon',
    lastName: 'Villareal',
    role: 'seller',
    phone: '09171110001',
    completed: true,
  },
  {
    key: 'admin',
    email: 'admin@tibay.test',
    firstName: 'Carla',
    lastName: 'Mercado',
    role: 'admin',
    phone: '09191234567',
    completed: true,
  },
  {
    key: 'maria',
    email: 'maria@tibay.test',
    firstName: 'Maria',
    lastName: 'Reyes',
    role: 'buyer',
    phone: '09272345678',
    agent: 'agent',
    address: {
      text: '45 Dr. Sixto Antonio Avenue, Barangay Kapasigan, Pasig City, Metro Manila',
      latitude: 14.5614,
      longitude: 121.0776,
    },
    buyerType: 'End User',
    completed: true,
  },
  {
    key: 'pedro',
    email: 'pedro@tibay.test',
    firstName: 'Pedro',
    lastName: 'Santos',
    role: 'buyer',
    phone: '09393456789',
    agent: 'agent',
    address: {
      text: '88 10th Avenue, Grace Park East, Caloocan City, Metro Manila',
      latitude: 14.648,
      longitude: 120.986,
    },
    hardwareName: 'Santos Builders & Trading',
    buyerType: 'Company',
    completed: true,
  },
  {
    key: 'newbuyer',
    email: 'newbuyer@tibay.test',
    firstName: 'Nina',
    lastName: 'Garcia',
    role: 'buyer',
    phone: '09451234567',
    completed: false,
  },
  ...(
    [
      ['ana', 'Ana', 'Villanueva', 'Cebu City', 10.3157, 123.8854],
      ['jose', 'Jose', 'Mendoza', 'Davao City', 7.0707, 125.6087],
      ['carmela', 'Carmela', 'Bautista', 'Iloilo City', 10.6969, 122.5644],
      ['rogelio', 'Rogelio', 'Aquino', 'Angeles City', 15.1472, 120.5847],
      ['liza', 'Liza', 'Fernandez', 'Baguio City', 16.4119, 120.5933],
      ['mark', 'Mark Anthony', 'Delos Reyes', 'Calamba City', 14.2045, 121.1566],
      ['grace', 'Grace', 'Tan', 'Cagayan de Oro City', 8.4822, 124.6472],
      ['ramil', 'Ramil', 'Ocampo', 'Bacolod City', 10.6407, 122.9689],
    ] as const
  ).map(
    ([key, firstName, lastName, city, latitude, longitude], index): DemoUser => ({
      key,
      email: `${key}@tibay.test`,
      firstName,
      lastName,
      role: 'buyer',
      phone: `0917555${String(1000 + index).padStart(4, '0')}`,
      address: { text: `Barangay Poblacion, ${city}`, latitude, longitude },
      buyerType: 'End User',
      completed: true,
    }),
  ),
];

/** Users whose names appear on reviews. */
export const reviewerKeys = [
  'buyer',
  'maria',
  'pedro',
  'ana',
  'jose',
  'carmela',
  'rogelio',
  'liza',
  'mark',
  'grace',
  'ramil',
];
