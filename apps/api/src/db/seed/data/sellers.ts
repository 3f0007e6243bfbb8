export interface SeedSeller {
  name: string;
  handle: string;
  /** Street address without the city (the city, province and region are added). */
  street: string;
  city: string;
  province: string | null;
  region: string;
  latitude: number;
  longitude: number;
  owner: string;
  phone: string;
  founded: number;
  /** Category ids the shop is known for (used for its About text and its share of the catalogue). */
  focus: number[];
  microsite?: { handle: string; brand: string };
  status?: 'approved' | 'pending';
}

const NCR = 'National Capital Region (NCR)';
const CALABARZON = 'CALABARZON (Region IV-A)';
const CENTRAL_LUZON = 'Central Luzon (Region III)';
const NIR = 'Negros Island Region (NIR)';
const CENTRAL_VISAYAS = 'Central Visayas (Region VII)';
const NORTHERN_MINDANAO = 'Northern Mindanao (Region X)';

/**
 * Demo shops in real Philippine cities, placed at the city's centre (coordinates to about 0.01°).
 * The first one belongs to seller@tibay.test.
 */
export const seedSellers: SeedSeller[] = [
  { name: 'Golden Anvil Hardware', handle: 'golden-anvil-hardware', street: '1187 Quezon Avenue, Barangay Paligsahan', city: 'Quezon City', province: null, region: NCR, latitude: 14.676, longitude: 121.0437, owner: 'Ramon Villareal', phone: '09171110001', founded: 1994, focus: [2, 1, 3, 13] },
  { name: 'Rivertown Construction Supply', handle: 'rivertown-construction-supply', street: '112 Caruncho Avenue, Barangay Malinao', city: 'Pasig', province: null, region: NCR, latitude: 14.5764, longitude: 121.0851, owner: 'Lorna Dizon', phone: '09171110002', founded: 2003, focus: [6, 7, 5] },
  { name: 'Makati Metro Builders Supply', handle: 'makati-metro-builders-supply', street: '8 J.P. Rizal Street, Barangay Poblacion', city: 'Makati', province: null, region: NCR, latitude: 14.5547, longitude: 121.0244, owner: 'Victor Chua', phone: '09171110003', founded: 1989, focus: [10, 11, 14] },
  { name: 'Monumento Steel & Hardware', handle: 'monumento-steel-and-hardware', street: '455 Rizal Avenue Extension, Grace Park', city: 'Caloocan', province: null, region: NCR, latitude: 14.6507, longitude: 120.972, owner: 'Danilo Co', phone: '09171110004', founded: 1979, focus: [1, 9, 17] },
  { name: 'Sierra Madre Builders Center', handle: 'sierra-madre-builders-center', street: '21 M.L. Quezon Street, Barangay San Roque', city: 'Antipolo', province: 'Rizal', region: CALABARZON, latitude: 14.5873, longitude: 121.1759, owner: 'Teresita Manalo', phone: '09171110005', founded: 2008, focus: [4, 15, 2] },
  { name: 'Bacoor Bay Construction Supply', handle: 'bacoor-bay-construction-supply', street: 'Emilio Aguinaldo Highway, Barangay Niog', city: 'Bacoor', province: 'Cavite', region: CALABARZON, latitude: 14.4594, longitude: 120.9401, owner: 'Arnel Espiritu', phone: '09171110006', founded: 2011, focus: [2, 15, 17] },
  { name: 'Makiling Hardware & Construction Supply', handle: 'makiling-hardware', street: 'National Highway, Barangay Real', city: 'Calamba', province: 'Laguna', region: CALABARZON, latitude: 14.2117, longitude: 121.1653, owner: 'Gloria Lacson', phone: '09171110007', founded: 1998, focus: [8, 13, 9] },
  { name: 'Barasoain Builders Mart', handle: 'barasoain-builders-mart', street: 'Paseo del Congreso, Barangay San Gabriel', city: 'Malolos', province: 'Bulacan', region: CENTRAL_LUZON, latitude: 14.8433, longitude: 120.8114, owner: 'Felipe Santiago', phone: '09171110008', founded: 2001, focus: [3, 10, 6] },
  { name: 'Kapampangan Steel & Cement Center', handle: 'kapampangan-steel-cement', street: 'Jose Abad Santos Avenue, Barangay Dolores', city: 'San Fernando', province: 'Pampanga', region: CENTRAL_LUZON, latitude: 15.0286, longitude: 120.6898, owner: 'Rodrigo Pangilinan', phone: '09171110009', founded: 1985, focus: [1, 2, 4] },
  { name: 'Clark Gateway Hardware', handle: 'clark-gateway-hardware', street: 'MacArthur Highway, Barangay Balibago', city: 'Angeles', province: 'Pampanga', region: CENTRAL_LUZON, latitude: 15.145, longitude: 120.5887, owner: 'Mylene Tuazon', phone: '09171110010', founded: 2006, focus: [13, 12, 7] },
  { name: 'Pine City Hardware & Lumber', handle: 'pine-city-hardware-lumber', street: '74 Magsaysay Avenue', city: 'Baguio', province: 'Benguet', region: 'Cordillera Administrative Region (CAR)', latitude: 16.4023, longitude: 120.596, owner: 'Benjamin Dao-as', phone: '09171110011', founded: 1976, focus: [8, 17, 9] },
  { name: 'Pangasinan Builders Warehouse', handle: 'pangasinan-builders-warehouse', street: 'Arellano Street, Barangay Poblacion Oeste', city: 'Dagupan', province: 'Pangasinan', region: 'Ilocos Region (Region I)', latitude: 16.0433, longitude: 120.3333, owner: 'Erlinda Fernandez', phone: '09171110012', founded: 1992, focus: [2, 4, 15] },
  { name: 'Quezon Province Construction Depot', handle: 'quezon-province-construction-depot', street: 'Quezon Avenue, Barangay Ibabang Iyam', city: 'Lucena', province: 'Quezon', region: CALABARZON, latitude: 13.9373, longitude: 121.617, owner: 'Nestor Abrenica', phone: '09171110013', founded: 2004, focus: [17, 1, 8] },
  { name: 'Duromax Cement & Concrete Solutions', handle: 'duromax-cement-concrete', street: 'P. Burgos Street, Barangay Poblacion', city: 'Batangas City', province: 'Batangas', region: CALABARZON, latitude: 13.7565, longitude: 121.0583, owner: 'Cecilia Macaraig', phone: '09171110014', founded: 2015, focus: [2, 16, 15], microsite: { handle: 'duromax', brand: 'DUROMAX' } },
  { name: 'Bicol Central Hardware', handle: 'bicol-central-hardware', street: 'Panganiban Drive, Barangay Tinago', city: 'Naga', province: 'Camarines Sur', region: 'Bicol Region (Region V)', latitude: 13.6218, longitude: 123.1948, owner: 'Josefina Ocampo', phone: '09171110015', founded: 1990, focus: [3, 6, 5] },
  { name: 'Mayon View Construction Supply', handle: 'mayon-view-construction-supply', street: 'Rizal Street, Barangay Old Albay', city: 'Legazpi', province: 'Albay', region: 'Bicol Region (Region V)', latitude: 13.1391, longitude: 123.7438, owner: 'Ernesto Bañares', phone: '09171110016', founded: 1999, focus: [17, 18, 2] },
  { name: 'Iloilo Riverside Hardware', handle: 'iloilo-riverside-hardware', street: 'Iznart Street, Barangay Rizal Palapala', city: 'Iloilo City', province: 'Iloilo', region: 'Western Visayas (Region VI)', latitude: 10.7202, longitude: 122.5621, owner: 'Concepcion Lopez', phone: '09171110017', founded: 1982, focus: [3, 10, 14] },
  { name: 'Negros Builders Supply', handle: 'negros-builders-supply', street: 'Lacson Street, Barangay Mandalagan', city: 'Bacolod', province: 'Negros Occidental', region: NIR, latitude: 10.6765, longitude: 122.9509, owner: 'Rafael Montelibano', phone: '09171110018', founded: 1987, focus: [1, 2, 8] },
  { name: 'Cebu Steel & Builders Supply', handle: 'cebu-steel-builders-supply', street: 'M.J. Cuenco Avenue, Barangay Tinago', city: 'Cebu City', province: 'Cebu', region: CENTRAL_VISAYAS, latitude: 10.2935, longitude: 123.902, owner: 'Henry Gaisano', phone: '09171110019', founded: 1973, focus: [1, 17, 9] },
  { name: 'Mandaue Industrial Hardware', handle: 'mandaue-industrial-hardware', street: 'A.S. Fortuna Street, Barangay Banilad', city: 'Mandaue', province: 'Cebu', region: CENTRAL_VISAYAS, latitude: 10.3236, longitude: 123.9223, owner: 'Rosalinda Ouano', phone: '09171110020', founded: 1996, focus: [13, 12, 7] },
  { name: 'Mactan Island Construction Supply', handle: 'mactan-island-construction-supply', street: 'M.L. Quezon National Highway, Barangay Pajo', city: 'Lapu-Lapu', province: 'Cebu', region: CENTRAL_VISAYAS, latitude: 10.3103, longitude: 123.9494, owner: 'Gregorio Dela Serna', phone: '09171110021', founded: 2009, focus: [10, 6, 18] },
  { name: 'Leyte Gulf Builders Depot', handle: 'leyte-gulf-builders-depot', street: 'Real Street, Barangay 37', city: 'Tacloban', province: 'Leyte', region: 'Eastern Visayas (Region VIII)', latitude: 11.2444, longitude: 125.0039, owner: 'Marites Romualdez', phone: '09171110022', founded: 2014, focus: [17, 2, 15] },
  { name: 'Chocolate Hills Hardware', handle: 'chocolate-hills-hardware', street: 'Carlos P. Garcia Avenue, Barangay Cogon', city: 'Tagbilaran', province: 'Bohol', region: CENTRAL_VISAYAS, latitude: 9.6475, longitude: 123.8556, owner: 'Lourdes Butalid', phone: '09171110023', founded: 2002, focus: [8, 3, 5] },
  { name: 'Dumaguete Bayside Builders', handle: 'dumaguete-bayside-builders', street: 'Perdices Street, Barangay Poblacion 3', city: 'Dumaguete', province: 'Negros Oriental', region: NIR, latitude: 9.3068, longitude: 123.3054, owner: 'Antonio Teves', phone: '09171110024', founded: 1995, focus: [6, 10, 11] },
  { name: 'Golden Friendship Hardware', handle: 'golden-friendship-hardware', street: 'Corrales Avenue, Barangay 20', city: 'Cagayan de Oro', province: 'Misamis Oriental', region: NORTHERN_MINDANAO, latitude: 8.4542, longitude: 124.6319, owner: 'Ma. Cristina Neri', phone: '09171110025', founded: 1988, focus: [2, 1, 13] },
  { name: 'BakalPro Steel Works', handle: 'bakalpro-steel-works', street: 'J.P. Laurel Avenue, Barangay Bajada', city: 'Davao City', province: 'Davao del Sur', region: 'Davao Region (Region XI)', latitude: 7.0731, longitude: 125.6128, owner: 'Rolando Duterte-Lim', phone: '09171110026', founded: 2012, focus: [1, 17, 9], microsite: { handle: 'bakalpro', brand: 'BAKALPRO' } },
  { name: 'Sarangani Bay Hardware', handle: 'sarangani-bay-hardware', street: 'Pioneer Avenue, Barangay Dadiangas South', city: 'General Santos', province: 'South Cotabato', region: 'SOCCSKSARGEN (Region XII)', latitude: 6.1164, longitude: 125.1716, owner: 'Imelda Acharon', phone: '09171110027', founded: 2000, focus: [4, 2, 16] },
  { name: 'Paseo del Mar Builders Supply', handle: 'paseo-del-mar-builders-supply', street: 'Mayor Jaldon Street, Barangay Zone II', city: 'Zamboanga City', province: 'Zamboanga del Sur', region: 'Zamboanga Peninsula (Region IX)', latitude: 6.9214, longitude: 122.079, owner: 'Jaime Climaco', phone: '09171110028', founded: 1991, focus: [17, 14, 3] },
  { name: 'Agusan River Hardware', handle: 'agusan-river-hardware', street: 'J.C. Aquino Avenue, Barangay Libertad', city: 'Butuan', province: 'Agusan del Norte', region: 'Caraga (Region XIII)', latitude: 8.9475, longitude: 125.5406, owner: 'Dolores Plaza', phone: '09171110029', founded: 2005, focus: [8, 2, 12] },
  { name: 'Maria Cristina Builders Supply', handle: 'maria-cristina-builders-supply', street: 'Quezon Avenue, Barangay Poblacion', city: 'Iligan', province: 'Lanao del Norte', region: NORTHERN_MINDANAO, latitude: 8.228, longitude: 124.2452, owner: 'Alfredo Siao', phone: '09171110030', founded: 1997, focus: [7, 5, 6] },
  // A registration waiting for approval: not listed, not searchable.
  { name: 'Cagayan Valley Northern Hardware', handle: 'cagayan-valley-northern-hardware', street: 'Bonifacio Street, Barangay Centro 10', city: 'Tuguegarao', province: 'Cagayan', region: 'Cagayan Valley (Region II)', latitude: 17.6132, longitude: 121.727, owner: 'Vilma Mamba', phone: '09171110031', founded: 2025, focus: [2, 1], status: 'pending' },
];

export function sellerAddress(seller: SeedSeller): string {
  return `${seller.street}, ${cityLabel(seller.city)}, ${seller.province ?? 'Metro Manila'}`;
}

/** 'Pasig' -> 'Pasig City', 'San Fernando' -> 'City of San Fernando'; names that already say City stay. */
export function cityLabel(city: string): string {
  if (city.endsWith('City')) return city;
  if (city === 'San Fernando') return 'City of San Fernando';
  return `${city} City`;
}
