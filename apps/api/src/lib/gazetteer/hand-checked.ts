// Points the GeoNames file lacks, entered by hand (city halls and district centres, to about a kilometre).

/** PSGC code -> [latitude, longitude] for cities and Manila districts missing from GeoNames cities1000. */
export const handCheckedPoints: Record<string, [number, number]> = {
  '1380700000': [14.6507, 121.1029], // Marikina City
  '1381000000': [14.4793, 121.0198], // Parañaque City
  '1380601000': [14.6186, 120.966], // Tondo I/II
  '1380602000': [14.6, 120.974], // Binondo
  '1380604000': [14.601, 120.968], // San Nicolas
  '1380605000': [14.617, 120.984], // Santa Cruz
  '1380606000': [14.611, 120.996], // Sampaloc
  '1380607000': [14.597, 120.993], // San Miguel
  '1380608000': [14.582, 120.984], // Ermita
  '1380609000': [14.5896, 120.9747], // Intramuros
  '1380610000': [14.572, 120.991], // Malate
  '1380611000': [14.578, 121.001], // Paco
  '1380612000': [14.59, 121.006], // Pandacan
  '1380613000': [14.586, 120.968], // Port Area
  '1380614000': [14.58, 121.012], // Santa Ana
};

/**
 * Well-known districts that are not barangays in the PSGC, so people typing them still find a place:
 * [name, PSGC code of the city or district they are in, latitude, longitude].
 */
export const localities: [string, string, number, number][] = [
  ['Cubao', '1381300000', 14.6197, 121.0533],
  ['Diliman', '1381300000', 14.6537, 121.0687],
  ['Novaliches', '1381300000', 14.722, 121.035],
  ['Eastwood City', '1381300000', 14.6091, 121.0779],
  ['Ortigas Center', '1381200000', 14.5869, 121.0614],
  ['Bonifacio Global City', '1381500000', 14.5502, 121.0494],
  ['Rockwell Center', '1380300000', 14.5646, 121.0366],
  ['Divisoria', '1380601000', 14.6022, 120.9719],
];
