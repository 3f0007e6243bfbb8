/**
 * The demo catalogue: what a Philippine hardware store sells, with brands, sizes, grades and colours.
 * Each item is sold by one to three shops (see ../demo.ts); prices are the cheapest leaf in pesos and
 * each shop varies them a little.
 */

/** One choice level (variation or sub-variation): the option names and each one's price factor. */
export interface Dim {
  values: string[];
  /** Price of each option relative to the first (1 when omitted: colours cost the same). */
  factors?: number[];
}

export interface SeedItem {
  category: number;
  name: string;
  brand: string | null;
  /** Pesos, for the cheapest leaf. */
  price: number;
  /** Heavy or bulky (seller's big-item shipping rate). */
  big?: boolean;
  v?: Dim;
  sv?: Dim;
  /** Most a buyer may order at once (default 1200). */
  limit?: number;
  /** What one unit is, for the description: bag, piece, roll ... */
  unit?: string;
  /** Typical stock per leaf: 'bulk' (hundreds to thousands), 'unit' (tens), 'few' (a handful). */
  stock?: 'bulk' | 'unit' | 'few';
}

interface Options extends Partial<Omit<SeedItem, 'category' | 'name' | 'brand' | 'price' | 'v' | 'sv'>> {
  v?: Dim | string;
  sv?: Dim | string;
}

/** 'a|b|c' with optional factors. */
export function dim(values: string, factors?: number[]): Dim {
  const list = values.split('|');
  if (factors && factors.length !== list.length) throw new Error(`factors do not match ${values}`);
  return factors ? { values: list, factors } : { values: list };
}

const items: SeedItem[] = [];
function add(category: number, name: string, brand: string | null, price: number, options: Options = {}) {
  const { v, sv, ...rest } = options;
  items.push({
    category,
    name,
    brand,
    price,
    ...rest,
    ...(v ? { v: typeof v === 'string' ? dim(v) : v } : {}),
    ...(sv ? { sv: typeof sv === 'string' ? dim(sv) : sv } : {}),
  });
}

// Shared option lists.
const rebarSizes = dim('10mm|12mm|16mm|20mm|25mm', [1, 1.45, 2.55, 4.0, 6.2]);
const rebarLengths = dim('6m|7.5m|9m|12m', [1, 1.25, 1.5, 2]);
const latexColours = 'White|Ivory|Beige|Light Gray|Sky Blue|Mint Green';
const enamelColours = 'Gloss White|Jet Black|Signal Red|Chocolate Brown|Royal Blue';
const exteriorColours = 'White|Cream|Tan|Pebble Gray|Terracotta';
const paintVolumes = dim('1L|4L|16L', [1, 3.5, 12.5]);
const smallVolumes = dim('1L|4L', [1, 3.6]);
const roofColours = 'Spanish Red|Forest Green|Royal Blue|Terracotta|Charcoal Gray';
const aggregateLots = dim('Per sack (approx. 40kg)|1/2 cu.m.|1 cu.m.', [1, 11, 20]);
const ledWatts = dim('5W|7W|9W|12W|15W', [1, 1.15, 1.3, 1.6, 1.95]);
const nailSizes = dim('1 in|1-1/2 in|2 in|3 in|4 in', [1.1, 1.05, 1, 1, 1]);
const nailPacks = dim('1kg|5kg|25kg box', [1, 4.8, 23]);
const shoeSizes = '39|40|41|42|43|44';

// 1 STEEL BAR
add(1, 'Deformed Steel Bar Grade 33', 'SteelAsia', 150, {
  big: true,
  v: rebarSizes,
  sv: rebarLengths,
  unit: 'piece',
  stock: 'bulk',
});
add(1, 'Deformed Steel Bar Grade 40', 'Pag-asa Steel', 168, {
  big: true,
  v: rebarSizes,
  sv: rebarLengths,
  unit: 'piece',
  stock: 'bulk',
});
add(1, 'Deformed Steel Bar Grade 60', 'Capitol Steel', 265, {
  big: true,
  v: dim('12mm|16mm|20mm|25mm', [1, 1.75, 2.7, 4.2]),
  sv: dim('6m|9m|12m', [1, 1.5, 2]),
  unit: 'piece',
  stock: 'bulk',
});
add(1, 'Deformed Steel Bar Grade 40 10mm x 6m', 'SteelAsia', 172, { big: true, unit: 'piece', stock: 'bulk' });
add(1, 'Deformed Steel Bar Grade 40 12mm x 6m', 'SteelAsia', 248, { big: true, unit: 'piece', stock: 'bulk' });
add(1, 'Deformed Steel Bar Grade 40 16mm x 6m', 'Pag-asa Steel', 438, { big: true, unit: 'piece', stock: 'bulk' });
add(1, 'Deformed Steel Bar Grade 33 10mm x 6m', 'Capitol Steel', 158, { big: true, unit: 'piece', stock: 'bulk' });
add(1, 'Deformed Steel Bar Grade 33 12mm x 7.5m', 'Cathay Steel', 286, { big: true, unit: 'piece', stock: 'bulk' });
add(1, 'Deformed Steel Bar Grade 60 20mm x 6m', 'SteelAsia', 695, { big: true, unit: 'piece', stock: 'bulk' });
add(1, 'Plain Round Bar', 'Cathay Steel', 96, {
  big: true,
  v: dim('8mm x 6m|10mm x 6m|12mm x 6m', [1, 1.55, 2.25]),
  unit: 'piece',
  stock: 'bulk',
});
add(1, 'Angle Bar Black Steel', null, 318, {
  big: true,
  v: dim('1 in x 1 in x 3mm|1-1/2 in x 1-1/2 in x 4.5mm|2 in x 2 in x 6mm', [1, 1.9, 3.3]),
  unit: 'piece',
});
add(1, 'Flat Bar 6mm x 25mm x 6m', null, 212, { big: true, unit: 'piece' });
add(1, 'Square Bar 12mm x 6m', null, 335, { big: true, unit: 'piece' });
add(1, 'GI Tie Wire #16', 'Pag-asa Steel', 88, {
  v: dim('1kg roll|5kg roll|25kg coil', [1, 4.6, 21]),
  unit: 'roll',
  stock: 'bulk',
});
add(1, 'Welded Wire Mesh Gauge 8 4 x 4 in', null, 690, {
  big: true,
  v: dim('1.2m x 2.4m sheet|1.5m x 6m sheet', [1, 3.4]),
  unit: 'sheet',
});
add(1, 'Square Tube Black Steel 1.2mm x 6m', null, 382, {
  big: true,
  v: dim('1 in x 1 in|1 in x 2 in|2 in x 2 in', [1, 1.45, 1.95]),
  unit: 'piece',
});
add(1, 'Cyclone Wire Gauge 10', null, 1350, {
  big: true,
  v: dim('4 ft x 10m|5 ft x 10m|6 ft x 10m', [1, 1.22, 1.45]),
  unit: 'roll',
});
add(1, 'Steel Matting 6mm x 8 x 8 in', null, 545, { big: true, unit: 'sheet' });

// 2 CEMENT
add(2, 'Republic Portland Cement Type 1P 40kg', 'Republic Cement', 265, { big: true, unit: 'bag', stock: 'bulk' });
add(2, 'Holcim Excel Portland Cement Type 1P 40kg', 'Holcim', 272, { big: true, unit: 'bag', stock: 'bulk' });
add(2, 'Holcim Wallright Masonry Cement 40kg', 'Holcim', 236, { big: true, unit: 'bag', stock: 'bulk' });
add(2, 'Eagle Cement Advance Type 1T 40kg', 'Eagle Cement', 262, { big: true, unit: 'bag', stock: 'bulk' });
add(2, 'Eagle Cement Strongcem Type 1 40kg', 'Eagle Cement', 278, { big: true, unit: 'bag', stock: 'bulk' });
add(2, 'APO Portland Cement Type 1 40kg', 'Cemex APO', 258, { big: true, unit: 'bag', stock: 'bulk' });
add(2, 'Rizal Portland Cement Type 1P 40kg', 'Cemex Rizal', 254, { big: true, unit: 'bag', stock: 'bulk' });
add(2, 'Island Cement Type 1P 40kg', 'Holcim', 249, { big: true, unit: 'bag', stock: 'bulk' });
add(2, 'Goodbuild Masonry Cement 40kg', 'Cemex', 228, { big: true, unit: 'bag', stock: 'bulk' });
add(2, 'Republic Fortune Cement Type 1P 40kg', 'Republic Cement', 252, { big: true, unit: 'bag', stock: 'bulk' });
add(2, 'Solid Portland Cement Type 1P 40kg', 'Solid Cement', 247, { big: true, unit: 'bag', stock: 'bulk' });
add(2, 'Republic Portland Cement Type 1P', 'Republic Cement', 268, {
  big: true,
  v: dim('40kg bag|Pallet of 40 bags', [1, 39]),
  unit: 'bag',
  stock: 'bulk',
});
add(2, 'White Cement', 'Crown', 58, { v: dim('1kg|2kg|5kg|40kg bag', [1, 1.9, 4.5, 30]), unit: 'pack' });
add(2, 'Skim Coat Plain Gray 20kg', 'Megaplast', 415, { big: true, unit: 'bag' });
add(2, 'Skim Coat White Finish 20kg', 'Megaplast', 465, { big: true, unit: 'bag' });
add(2, 'Pozzolan Blended Cement Type 1P 40kg', 'Northern Cement', 243, { big: true, unit: 'bag', stock: 'bulk' });

// 3 PAINT
add(3, 'Boysen Permacoat Latex Semi-Gloss', 'Boysen', 312, { v: latexColours, sv: paintVolumes, unit: 'can' });
add(3, 'Boysen Permacoat Latex Flat', 'Boysen', 296, { v: latexColours, sv: paintVolumes, unit: 'can' });
add(3, 'Boysen Quick Drying Enamel', 'Boysen', 338, { v: enamelColours, sv: smallVolumes, unit: 'can' });
add(3, 'Boysen Acri-Color Acrylic Paint', 'Boysen', 355, { v: enamelColours, sv: smallVolumes, unit: 'can' });
add(3, 'Boysen Flat Latex B-701', 'Boysen', 248, { v: paintVolumes, unit: 'can' });
add(3, 'Boysen Glazing Putty', 'Boysen', 245, { v: dim('1L|4L', [1, 3.4]), unit: 'can' });
add(3, 'Boysen Red Oxide Primer', 'Boysen', 315, { v: smallVolumes, unit: 'can' });
add(3, 'Boysen Lacquer Thinner', 'Boysen', 85, { v: dim('350ml|1L|4L', [1, 2.4, 8.5]), unit: 'bottle' });
add(3, 'Davies Sun & Rain Elastomeric Paint', 'Davies', 520, { v: exteriorColours, sv: smallVolumes, unit: 'can' });
add(3, 'Davies Megacryl Semi-Gloss', 'Davies', 452, { v: latexColours, sv: smallVolumes, unit: 'can' });
add(3, 'Davies Wood Stain', 'Davies', 298, { v: 'Mahogany|Walnut|Oak|Maple', sv: smallVolumes, unit: 'can' });
add(3, 'Rain or Shine Elastomeric Paint', 'Rain or Shine', 545, { v: exteriorColours, sv: smallVolumes, unit: 'can' });
add(3, 'Rain or Shine Roof Paint', 'Rain or Shine', 498, { v: roofColours, sv: smallVolumes, unit: 'can' });
add(3, 'Dutch Boy Ultimate Latex Flat', 'Dutch Boy', 305, { v: paintVolumes, unit: 'can' });
add(3, 'Nation Flat Latex Paint White 4L', 'Nation', 842, { unit: 'can' });
add(3, 'Nation Quick Dry Enamel', 'Nation', 318, { v: enamelColours, sv: smallVolumes, unit: 'can' });
add(3, 'Welcoat Latex Semi-Gloss White 4L', 'Welcoat', 980, { unit: 'can' });
add(3, 'Boysen Masonry Putty 4L', 'Boysen', 720, { unit: 'can' });
add(3, 'Davies Paint Thinner 1L', 'Davies', 122, { unit: 'bottle' });
add(3, 'Boysen Permacoat Latex Semi-Gloss White 16L', 'Boysen', 2450, { unit: 'pail' });
add(3, 'Rain or Shine Elastomeric Paint White 4L', 'Rain or Shine', 1890, { unit: 'can' });

// 4 AGGREGATE
add(4, 'Washed Sand', null, 75, { big: true, v: aggregateLots, unit: 'lot', stock: 'bulk' });
add(4, 'Gravel 3/4 in', null, 85, { big: true, v: aggregateLots, unit: 'lot', stock: 'bulk' });
add(4, 'Pea Gravel 3/8 in', null, 90, { big: true, v: aggregateLots, unit: 'lot', stock: 'bulk' });
add(4, 'Fine Sand for Plastering', null, 80, { big: true, v: aggregateLots, unit: 'lot', stock: 'bulk' });
add(4, 'Base Course Gravel G1', null, 1150, {
  big: true,
  v: dim('1 cu.m.|6 cu.m. truckload', [1, 5.6]),
  unit: 'cubic meter',
  stock: 'bulk',
});
add(4, 'Escombro Filling Material', null, 650, {
  big: true,
  v: dim('1 cu.m.|6 cu.m. truckload', [1, 5.5]),
  unit: 'cubic meter',
  stock: 'bulk',
});
add(4, 'Lahar Sand Pampanga 1 cu.m.', null, 1250, { big: true, unit: 'cubic meter', stock: 'bulk' });
add(4, 'Crushed Gravel 1 in 1 cu.m.', null, 1680, { big: true, unit: 'cubic meter', stock: 'bulk' });
add(4, 'Riprap Boulders 1 cu.m.', null, 1450, { big: true, unit: 'cubic meter', stock: 'bulk' });
add(4, 'Silica White Sand 25kg', null, 285, { big: true, unit: 'sack' });
add(4, 'Decorative White Pebbles', null, 65, { v: dim('1kg|5kg|25kg', [1, 4.5, 20]), unit: 'pack' });
add(4, 'Black River Stones', null, 95, { v: dim('1kg|5kg|25kg', [1, 4.4, 19]), unit: 'pack' });
add(4, 'S1 Sand and Gravel Mix 1 cu.m.', null, 1580, { big: true, unit: 'cubic meter', stock: 'bulk' });
add(4, 'Crushed Limestone 3/4 in 1 cu.m.', null, 1720, { big: true, unit: 'cubic meter', stock: 'bulk' });

// 5 LIGHTS
add(5, 'Firefly LED Bulb E27 Daylight', 'Firefly', 85, { v: ledWatts, unit: 'piece', stock: 'bulk' });
add(5, 'Omni LED Bulb E27 Warm White', 'Omni', 76, { v: ledWatts, unit: 'piece', stock: 'bulk' });
add(5, 'Philips Essential LED Bulb 9W Daylight', 'Philips', 135, { unit: 'piece', stock: 'bulk' });
add(5, 'Akari LED Tube T8 18W 4ft', 'Akari', 218, { v: 'Daylight|Cool White', unit: 'piece', stock: 'bulk' });
add(5, 'Firefly LED Panel Light Square', 'Firefly', 245, {
  v: dim('6W|12W|18W', [1, 1.6, 2.3]),
  sv: 'Daylight|Warm White',
  unit: 'piece',
});
add(5, 'Omni LED Flood Light IP65', 'Omni', 485, { v: dim('30W|50W|100W|200W', [1, 1.5, 2.6, 4.8]), unit: 'piece' });
add(5, 'Firefly Solar Street Light 100W', 'Firefly', 1850, { unit: 'set', stock: 'unit' });
add(5, 'Akari Emergency Light 2 x 3W Rechargeable', 'Akari', 948, { unit: 'piece', stock: 'unit' });
add(5, 'Philips LED Downlight 4 in', 'Philips', 275, { v: dim('7W|9W|12W', [1, 1.15, 1.35]), unit: 'piece' });
add(5, 'Omni T5 LED Batten Fixture 4ft 16W', 'Omni', 318, { unit: 'piece' });
add(5, 'Firefly LED Strip Light 5m Warm White', 'Firefly', 520, { unit: 'roll' });
add(5, 'Akari Rechargeable LED Lantern', 'Akari', 425, { unit: 'piece', stock: 'unit' });
add(5, 'Omni Motion Sensor Ceiling Light 12W', 'Omni', 590, { unit: 'piece' });
add(5, 'Osram LED Star Classic A60', 'Osram', 118, { v: dim('8.5W|10W|13W', [1, 1.2, 1.5]), unit: 'piece' });
add(5, 'Firefly Outdoor Wall Lamp Black', 'Firefly', 765, { unit: 'piece', stock: 'unit' });

// 6 PLUMBING
add(6, 'Neltex PVC Sanitary Pipe Orange Series 1000 x 3m', 'Neltex', 185, {
  big: true,
  v: dim('2 in|3 in|4 in', [1, 1.7, 2.5]),
  unit: 'length',
});
add(6, 'Atlanta PVC Blue Pressure Pipe Sch 40 x 3m', 'Atlanta', 118, {
  big: true,
  v: dim('1/2 in|3/4 in|1 in', [1, 1.35, 1.9]),
  unit: 'length',
});
add(6, 'Moldex uPVC Pipe Series 600 Orange x 3m', 'Moldex', 168, {
  big: true,
  v: dim('2 in|3 in|4 in', [1, 1.65, 2.45]),
  unit: 'length',
});
add(6, 'Neltex PPR Pipe PN20 x 4m', 'Neltex', 265, {
  big: true,
  v: dim('20mm|25mm|32mm', [1, 1.45, 2.2]),
  unit: 'length',
});
add(6, 'PVC Elbow 90 Degrees', 'Neltex', 12, {
  v: dim('1/2 in|3/4 in|1 in|2 in|4 in', [1, 1.3, 1.8, 3.5, 8]),
  unit: 'piece',
  stock: 'bulk',
});
add(6, 'PVC Tee', 'Atlanta', 16, {
  v: dim('1/2 in|3/4 in|1 in|2 in', [1, 1.3, 1.8, 3.6]),
  unit: 'piece',
  stock: 'bulk',
});
add(6, 'Brass Ball Valve', 'Emco', 185, { v: dim('1/2 in|3/4 in|1 in', [1, 1.5, 2.3]), unit: 'piece' });
add(6, 'HCG Lavatory Faucet Chrome', 'HCG', 1250, { unit: 'piece', stock: 'unit' });
add(6, 'American Standard Cadet Two-Piece Toilet White', 'American Standard', 7850, {
  big: true,
  unit: 'set',
  stock: 'few',
  limit: 20,
});
add(6, 'Stainless Kitchen Sink Single Bowl 50 x 40 cm', null, 985, { unit: 'piece', stock: 'unit' });
add(6, 'Teflon Tape 1/2 in x 10m', 'Emco', 15, { v: dim('1 roll|Box of 10', [1, 9]), unit: 'roll', stock: 'bulk' });
add(6, 'Neltex Solvent Cement', 'Neltex', 85, { v: dim('100cc|200cc|400cc', [1, 1.8, 3.3]), unit: 'can' });
add(6, 'Polyethylene Water Tank', 'Aquatank', 5400, {
  big: true,
  v: dim('500L|1000L|2000L', [1, 1.65, 3.1]),
  unit: 'piece',
  stock: 'few',
  limit: 10,
});
add(6, 'Stainless Floor Drain 4 x 4 in', null, 145, { unit: 'piece' });
add(6, 'Rain Shower Head Set Chrome', 'HCG', 1450, { unit: 'set', stock: 'unit' });
add(6, 'Flexible Faucet Hose 16 in', 'Emco', 95, { unit: 'piece' });
add(6, 'GI Pipe Schedule 40 x 6m', null, 620, {
  big: true,
  v: dim('1/2 in|3/4 in|1 in', [1, 1.35, 1.95]),
  unit: 'length',
});

// 7 ELECTRICAL
add(7, 'Phelps Dodge THHN Stranded Wire', 'Phelps Dodge', 28, {
  v: dim('2.0mm²|3.5mm²|5.5mm²|8.0mm²', [1, 1.6, 2.4, 3.6]),
  sv: dim('Per meter|75m roll|150m roll', [1, 68, 130]),
  unit: 'meter',
  stock: 'bulk',
});
add(7, 'Philflex THHN Solid Wire 2.0mm² 150m', 'Philflex', 2650, { v: 'Red|Black|White|Green', unit: 'roll' });
add(7, 'Royu Universal Convenience Outlet 2-Gang', 'Royu', 145, { unit: 'piece', stock: 'bulk' });
add(7, 'Royu Wide Series 1-Way Switch', 'Royu', 95, {
  v: dim('1-gang|2-gang|3-gang', [1, 1.45, 1.9]),
  unit: 'piece',
  stock: 'bulk',
});
add(7, 'Panasonic Wide Series Duplex Outlet', 'Panasonic', 185, { unit: 'piece' });
add(7, 'Omni Extension Cord 4-Gang', 'Omni', 320, { v: dim('3m|5m|10m', [1, 1.25, 1.8]), unit: 'piece' });
add(7, 'Schneider Domae Plug-in Circuit Breaker 2P', 'Schneider Electric', 452, {
  v: dim('15A|20A|30A|40A|60A', [1, 1, 1.05, 1.15, 1.4]),
  unit: 'piece',
});
add(7, 'Panel Box 4 Branches Plug-in Type', 'Koten', 1250, { unit: 'piece', stock: 'unit' });
add(7, 'Neltex PVC Electrical Conduit x 3m', 'Neltex', 65, {
  v: dim('1/2 in|3/4 in|1 in', [1, 1.4, 2]),
  unit: 'length',
  stock: 'bulk',
});
add(7, 'Flexible Hose Conduit Orange 1/2 in x 50m', null, 748, { unit: 'roll' });
add(7, 'Utility Box Orange 2 x 4 in', null, 12, { unit: 'piece', stock: 'bulk' });
add(7, 'Junction Box Octagonal 4 in', null, 18, { unit: 'piece', stock: 'bulk' });
add(7, '3M Temflex 1500 Electrical Tape 19mm x 10m', '3M', 45, {
  v: 'Black|Red|Green|White|Blue',
  unit: 'roll',
  stock: 'bulk',
});
add(7, 'Omni Automatic Voltage Regulator 500W', 'Omni', 1150, { unit: 'piece', stock: 'unit' });
add(7, 'Copper Clad Grounding Rod 5/8 in x 8 ft', null, 650, { big: true, unit: 'piece' });
add(7, 'Omni Wireless Doorbell', 'Omni', 385, { unit: 'piece', stock: 'unit' });

// 8 WOOD & PLYWOOD
add(8, 'Marine Plywood 4 x 8 ft', 'Ultraply', 520, {
  big: true,
  v: dim('1/4 in|3/8 in|1/2 in|3/4 in', [1, 1.4, 1.9, 2.8]),
  unit: 'sheet',
  stock: 'bulk',
});
add(8, 'Ordinary Plywood 4 x 8 ft', null, 385, {
  big: true,
  v: dim('1/4 in|1/2 in|3/4 in', [1, 1.75, 2.5]),
  unit: 'sheet',
  stock: 'bulk',
});
add(8, 'Phenolic Board 4 x 8 ft', 'Ultraply', 1150, { big: true, v: dim('12mm|18mm', [1, 1.35]), unit: 'sheet' });
add(8, 'Coco Lumber S4S', null, 85, {
  big: true,
  v: dim('2 x 2 in x 8 ft|2 x 3 in x 10 ft|2 x 4 in x 12 ft', [1, 1.9, 3.1]),
  unit: 'piece',
  stock: 'bulk',
});
add(8, 'Apitong Lumber S4S', null, 310, {
  big: true,
  v: dim('2 x 2 in x 10 ft|2 x 4 in x 12 ft|2 x 6 in x 12 ft', [1, 2.3, 3.4]),
  unit: 'piece',
});
add(8, 'Yakal Lumber S4S 2 x 6 in x 12 ft', null, 2250, { big: true, unit: 'piece', stock: 'unit' });
add(8, 'Kiln-Dried Gmelina Board 1 x 4 in x 8 ft', null, 215, { big: true, unit: 'piece' });
add(8, 'MDF Board 3/4 in 4 x 8 ft', null, 1380, { big: true, unit: 'sheet' });
add(8, 'Lawanit Hardboard 1/8 in 4 x 8 ft', null, 295, { big: true, unit: 'sheet' });
add(8, 'Wood Moulding Mahogany 1/2 x 1-1/2 in x 8 ft', null, 68, { unit: 'piece', stock: 'bulk' });
add(8, 'Bamboo Plyboard 4 x 8 ft 18mm', 'Bambuhay', 1980, { big: true, unit: 'sheet', stock: 'unit' });
add(8, 'Wood Dowel 3/8 in x 3 ft', null, 22, { unit: 'piece', stock: 'bulk' });
add(8, 'Marine Plywood 3/4 in 4 x 8 ft', 'Ultraply', 1450, { big: true, unit: 'sheet', stock: 'bulk' });

// 9 HARDWARE & FASTENERS
add(9, 'Common Wire Nail', null, 82, { v: nailSizes, sv: nailPacks, unit: 'kilo', stock: 'bulk' });
add(9, 'Concrete Nail', null, 118, {
  v: dim('1 in|1-1/2 in|2 in|3 in', [1.1, 1.05, 1, 1]),
  sv: nailPacks,
  unit: 'kilo',
  stock: 'bulk',
});
add(9, 'Umbrella Nail for GI Roofing 2-1/2 in 1kg', null, 96, { unit: 'kilo', stock: 'bulk' });
add(9, 'Tekscrew Metal to Metal 12 x 3/4 in', null, 285, {
  v: dim('Box of 100|Box of 500', [1, 4.6]),
  unit: 'box',
  stock: 'bulk',
});
add(9, 'Tekscrew for Wood 12 x 2 in Box of 100', null, 320, { unit: 'box' });
add(9, 'Black Gypsum Screw 6 x 1 in', null, 95, {
  v: dim('Pack of 100|Box of 1000', [1, 8.5]),
  unit: 'pack',
  stock: 'bulk',
});
add(9, 'Hex Bolt with Nut Zinc Plated', null, 9, {
  v: dim('M8 x 50mm|M10 x 75mm|M12 x 100mm', [1, 1.8, 3.1]),
  sv: dim('Piece|Pack of 50', [1, 45]),
  unit: 'piece',
  stock: 'bulk',
});
add(9, 'Expansion Bolt Anchor', null, 14, {
  v: dim('1/4 in|3/8 in|1/2 in', [1, 1.6, 2.6]),
  unit: 'piece',
  stock: 'bulk',
});
add(9, 'Stainless Door Hinge', null, 85, {
  v: dim('3 x 3 in|4 x 4 in', [1, 1.5]),
  sv: dim('Pair|3 Pairs', [1, 2.8]),
  unit: 'pair',
});
add(9, 'Yale Brass Padlock', 'Yale', 285, { v: dim('30mm|40mm|50mm', [1, 1.4, 1.95]), unit: 'piece' });
add(9, 'Union Stainless Cylindrical Lockset', 'Union', 648, { unit: 'set', stock: 'unit' });
add(9, 'Aluminum Cabinet Handle 128mm', null, 45, { unit: 'piece', stock: 'bulk' });
add(9, 'Barrel Bolt Stainless 4 in', null, 58, { unit: 'piece' });
add(9, 'Fischer Nylon Wall Plug 6mm Box of 100', 'Fischer', 120, { unit: 'box' });
add(9, 'Aluminum Blind Rivets 1/8 in Box of 1000', null, 265, { unit: 'box' });
add(9, 'Galvanized Chain 3/16 in per meter', null, 48, { unit: 'meter', stock: 'bulk' });
add(9, 'Flat Washer Zinc Plated Pack of 100', null, 65, {
  v: dim('1/4 in|3/8 in|1/2 in', [1, 1.5, 2.1]),
  unit: 'pack',
});

// 10 TILES
add(10, 'Mariwasa Ceramic Floor Tile 40 x 40 cm', 'Mariwasa', 62, {
  v: 'Beige|White Matte|Gray Stone|Wood Brown',
  sv: dim('Per piece|Box of 6', [1, 5.8]),
  unit: 'piece',
  stock: 'bulk',
});
add(10, 'Mariwasa Glazed Wall Tile 30 x 30 cm', 'Mariwasa', 42, {
  v: 'White|Sky Blue|Mint|Cream',
  sv: dim('Per piece|Box of 11', [1, 10.5]),
  unit: 'piece',
  stock: 'bulk',
});
add(10, 'Eurotiles Polished Porcelain Tile 60 x 60 cm', 'Eurotiles', 285, {
  v: 'Carrara White|Ash Gray|Ivory Cream',
  sv: dim('Per piece|Box of 4', [1, 3.9]),
  unit: 'piece',
  stock: 'bulk',
});
add(10, 'Eurotiles Wood-Look Porcelain Plank 20 x 100 cm', 'Eurotiles', 395, { v: 'Oak|Walnut|Ash', unit: 'piece' });
add(10, 'Granite Tile Absolute Black 60 x 60 cm', null, 845, { big: true, unit: 'piece', stock: 'unit' });
add(10, 'Glass Mosaic Tile 30 x 30 cm', null, 165, { v: 'Ocean Blue|Emerald|Pearl White', unit: 'sheet' });
add(10, 'Mariwasa Tile Adhesive Heavy Duty 25kg', 'Mariwasa', 420, { big: true, unit: 'bag', stock: 'bulk' });
add(10, 'Mapei Keracolor Tile Grout 2kg', 'Mapei', 98, { v: 'White|Gray|Beige|Black', unit: 'pack' });
add(10, 'Tile Spacer 3mm Pack of 100', null, 45, { unit: 'pack', stock: 'bulk' });
add(10, 'PVC Tile Trim 8mm x 2.5m', null, 38, { v: 'White|Beige|Silver', unit: 'piece' });
add(10, 'Non-Skid Ceramic Tile 20 x 20 cm', 'Mariwasa', 28, {
  v: 'Terracotta|Gray|Blue',
  unit: 'piece',
  stock: 'bulk',
});
add(10, 'Stair Nosing Tile 30 x 60 cm', 'Eurotiles', 310, { unit: 'piece' });
add(10, 'Mariwasa Ceramic Floor Tile 60 x 60 cm Beige', 'Mariwasa', 165, { unit: 'piece', stock: 'bulk' });

// 11 GYPSUM & CEILING
add(11, 'Gypsum Board Regular 4 x 8 ft', 'USG Boral', 385, {
  big: true,
  v: dim('9mm|12mm', [1, 1.32]),
  unit: 'sheet',
  stock: 'bulk',
});
add(11, 'Gypsum Board Moisture Resistant 12mm 4 x 8 ft', 'Gyproc', 625, { big: true, unit: 'sheet' });
add(11, 'Hardiflex Fiber Cement Board 4 x 8 ft', 'James Hardie', 420, {
  big: true,
  v: dim('3.5mm|4.5mm|6mm|9mm|12mm', [1, 1.15, 1.55, 2.3, 3.0]),
  unit: 'sheet',
  stock: 'bulk',
});
add(11, 'PVC Ceiling Panel 6 in x 5.8m', null, 212, { big: true, v: 'White|Beige|Wood Grain', unit: 'piece' });
add(11, 'Metal Furring Channel 0.5mm x 5m', null, 95, { big: true, unit: 'piece', stock: 'bulk' });
add(11, 'Carrying Channel 0.8mm x 5m', null, 145, { big: true, unit: 'piece', stock: 'bulk' });
add(11, 'Wall Angle 0.5mm x 3m', null, 55, { unit: 'piece', stock: 'bulk' });
add(11, 'Sheetrock Joint Compound', 'USG Boral', 385, { v: dim('5kg|25kg', [1, 4.2]), unit: 'pail' });
add(11, 'Paper Joint Tape 2 in x 75m', 'USG Boral', 125, { unit: 'roll' });
add(11, 'Acoustic Ceiling Tile 60 x 60 cm Box of 16', 'Armstrong', 1850, { big: true, unit: 'box', stock: 'unit' });
add(11, 'Polystyrene Cornice Molding 2.4m', null, 135, { unit: 'piece' });
add(11, 'Metal Stud 50mm x 3m', null, 118, { big: true, unit: 'piece', stock: 'bulk' });

// 12 SAFETY GEAR
add(12, 'Safety Hard Hat with Ratchet Suspension', 'Workpro', 250, {
  v: 'Yellow|White|Blue|Orange|Red',
  unit: 'piece',
});
add(12, 'Steel Toe Safety Shoes', 'Workpro', 1450, { v: shoeSizes, unit: 'pair', stock: 'few', limit: 20 });
add(12, 'Reflective Safety Vest Orange', null, 95, { v: dim('M|L|XL', [1, 1, 1.1]), unit: 'piece', stock: 'bulk' });
add(12, '3M Safety Goggles Clear Anti-Fog', '3M', 182, { unit: 'piece' });
add(12, '3M 8210 N95 Dust Mask', '3M', 85, { v: dim('Piece|Box of 20', [1, 17]), unit: 'piece', stock: 'bulk' });
add(12, 'Cotton Knitted Work Gloves', null, 25, { v: dim('Pair|Dozen', [1, 10.5]), unit: 'pair', stock: 'bulk' });
add(12, 'Leather Welding Gloves 14 in', null, 320, { unit: 'pair' });
add(12, 'Knee-High Rubber Boots', null, 420, { v: shoeSizes, unit: 'pair', stock: 'few' });
add(12, 'Full Body Safety Harness with Lanyard', 'Workpro', 2350, { unit: 'set', stock: 'few', limit: 20 });
add(12, '3M Ear Muffs 1100 Series', '3M', 685, { unit: 'piece', stock: 'unit' });
add(12, 'Clear Face Shield', null, 65, { unit: 'piece', stock: 'bulk' });
add(12, 'Caution Tape Yellow 3 in x 300m', null, 245, { unit: 'roll' });
add(12, 'Auto-Darkening Welding Helmet', 'Workpro', 1250, { unit: 'piece', stock: 'few' });

// 13 TOOLS
add(13, 'Stanley Claw Hammer 16oz', 'Stanley', 485, { unit: 'piece' });
add(13, 'Makita Cordless Drill Driver 12V HP333D', 'Makita', 5200, {
  v: dim('Tool only|Kit with 2 batteries', [1, 1.55]),
  unit: 'set',
  stock: 'few',
  limit: 10,
});
add(13, 'Bosch GSB 550 Impact Drill 13mm', 'Bosch', 2450, { unit: 'piece', stock: 'few', limit: 10 });
add(13, 'Makita Angle Grinder 4 in GA4030', 'Makita', 2650, { unit: 'piece', stock: 'few', limit: 10 });
add(13, 'Ingco Circular Saw 7-1/4 in 1400W', 'Ingco', 1850, { unit: 'piece', stock: 'few', limit: 10 });
add(13, 'Lotus Measuring Tape', 'Lotus', 95, { v: dim('3m|5m|7.5m|10m', [1, 1.5, 2.1, 2.9]), unit: 'piece' });
add(13, 'Stanley Aluminum Spirit Level 24 in', 'Stanley', 685, { unit: 'piece', stock: 'unit' });
add(13, 'Total Hacksaw Frame 12 in', 'Total', 225, { unit: 'piece' });
add(13, 'Stanley Screwdriver Set 6 pcs', 'Stanley', 545, { unit: 'set', stock: 'unit' });
add(13, 'Ingco Combination Pliers 8 in', 'Ingco', 265, { unit: 'piece' });
add(13, 'Heavy Duty Pipe Wrench 18 in', 'Total', 640, { unit: 'piece', stock: 'unit' });
add(13, 'Bricklayer Trowel 7 in', null, 145, { unit: 'piece' });
add(13, 'Pointed Shovel with Wooden Handle', null, 385, { unit: 'piece' });
add(13, 'Heavy Duty Wheelbarrow 4 cu.ft', null, 2950, { big: true, unit: 'piece', stock: 'few', limit: 10 });
add(13, 'Paint Roller 7 in with Tray', 'Lotus', 185, { unit: 'set' });
add(13, 'Nylon Paint Brush', 'Lotus', 35, {
  v: dim('1 in|2 in|3 in|4 in', [1, 1.5, 2.1, 2.8]),
  unit: 'piece',
  stock: 'bulk',
});
add(13, 'Cutting Disc 4 in Metal', 'Tyrolit', 38, { v: dim('Piece|Box of 25', [1, 22]), unit: 'piece', stock: 'bulk' });
add(13, 'Masonry Drill Bit Set 5 pcs', 'Bosch', 385, { unit: 'set' });
add(13, 'Total Inverter Welding Machine 200A', 'Total', 6500, { big: true, unit: 'piece', stock: 'few', limit: 5 });
add(13, 'Welding Rod 6013 3.2mm', 'Nihonweld', 185, { v: dim('1kg|5kg|20kg box', [1, 4.7, 18]), unit: 'kilo' });
add(13, 'One-Bagger Concrete Mixer with Gas Engine', null, 48500, { big: true, unit: 'unit', stock: 'few', limit: 2 });
add(13, 'Aluminum A-Type Ladder', null, 2200, {
  big: true,
  v: dim('4 steps|6 steps|8 steps', [1, 1.45, 1.95]),
  unit: 'piece',
  stock: 'few',
});
add(13, 'Chalk Line Reel 30m', 'Stanley', 195, { unit: 'piece' });
add(13, 'Caulking Gun Heavy Duty', 'Total', 165, { unit: 'piece' });

// 14 DOORS & WINDOWS
add(14, 'Flush Door Hollow Core x 210 cm', null, 1450, {
  big: true,
  v: dim('70 cm|80 cm|90 cm', [1, 1.08, 1.16]),
  unit: 'piece',
  stock: 'unit',
});
add(14, 'Solid Mahogany Panel Door 90 x 210 cm', null, 6800, { big: true, unit: 'piece', stock: 'few', limit: 10 });
add(14, 'PVC Bathroom Door with Jamb 70 x 210 cm', null, 2150, { big: true, unit: 'set', stock: 'unit' });
add(14, 'Steel Security Door with Frame 90 x 210 cm', null, 7900, { big: true, unit: 'set', stock: 'few', limit: 5 });
add(14, 'Aluminum Sliding Window', null, 4950, {
  big: true,
  v: dim('100 x 100 cm|120 x 120 cm|150 x 120 cm', [1, 1.3, 1.6]),
  sv: dim('Clear Glass|Tinted Glass', [1, 1.08]),
  unit: 'set',
  stock: 'few',
});
add(14, 'Jalousie Window Frame 10 Blades', null, 520, { unit: 'set' });
add(14, 'Glass Jalousie Blade 4 x 24 in', null, 55, { v: 'Clear|Frosted', unit: 'piece', stock: 'bulk' });
add(14, 'Aluminum Screen Door 90 x 210 cm', null, 2450, { big: true, unit: 'piece', stock: 'few' });
add(14, 'Wooden Door Jamb 2 x 5 in Set', null, 1280, { big: true, unit: 'set', stock: 'unit' });
add(14, 'Aluminum Casement Window 60 x 120 cm', null, 3650, { big: true, unit: 'set', stock: 'few' });
add(14, 'Fiberglass Insect Screen 1m x 30m', null, 1150, { unit: 'roll' });
add(14, 'Louver Door Mahogany 60 x 210 cm', null, 2850, { big: true, unit: 'piece', stock: 'few' });

// 15 CHB & MASONRY
add(15, 'Concrete Hollow Block', null, 14, {
  big: true,
  v: dim('4 in|5 in|6 in', [1, 1.25, 1.55]),
  sv: dim('Per piece|100 pieces', [1, 96]),
  unit: 'piece',
  stock: 'bulk',
});
add(15, 'Load-Bearing CHB 6 in', null, 24, { big: true, unit: 'piece', stock: 'bulk' });
add(15, 'Adobe Stone Wall Cladding per sq.m.', null, 685, { big: true, unit: 'square meter' });
add(15, 'Red Clay Brick', null, 16, {
  big: true,
  v: dim('Per piece|Pallet of 500', [1, 470]),
  unit: 'piece',
  stock: 'bulk',
});
add(15, 'Interlocking Paving Block 6 cm', null, 32, {
  big: true,
  v: 'Gray|Red|Charcoal',
  unit: 'piece',
  stock: 'bulk',
});
add(15, 'Decorative Ventilation Block 8 x 8 in', null, 45, { big: true, unit: 'piece', stock: 'bulk' });
add(15, 'Holcim Mortar Plus Pre-Mixed Mortar 40kg', 'Holcim', 295, { big: true, unit: 'bag', stock: 'bulk' });
add(15, 'Hydrated Lime 25kg', null, 265, { big: true, unit: 'bag' });
add(15, 'Refractory Fire Brick', null, 85, { big: true, unit: 'piece' });
add(15, 'Concrete Spacer Block 1 in Pack of 50', null, 150, { unit: 'pack', stock: 'bulk' });
add(15, 'Concrete Stepping Stone 40 cm', null, 120, { big: true, unit: 'piece' });

// 16 CONCRETE
add(16, 'Ready-Mix Concrete per cu.m.', null, 4650, {
  big: true,
  v: dim('2500 psi|3000 psi|3500 psi|4000 psi', [1, 1.08, 1.16, 1.25]),
  unit: 'cubic meter',
  stock: 'bulk',
  limit: 60,
});
add(16, 'Reinforced Concrete Culvert Pipe x 1m', null, 1450, {
  big: true,
  v: dim('12 in|18 in|24 in|36 in', [1, 1.55, 2.3, 3.9]),
  unit: 'piece',
  stock: 'unit',
});
add(16, 'Sika Plastiment Concrete Admixture', 'Sika', 245, { v: dim('1L|4L', [1, 3.5]), unit: 'bottle' });
add(16, 'Sika Latex Bonding Agent 1L', 'Sika', 385, { unit: 'bottle' });
add(16, 'Concrete Curing Compound 4L', 'Sika', 865, { unit: 'can' });
add(16, 'Polypropylene Concrete Fiber 600g', 'Sika', 420, { unit: 'pack' });
add(16, 'Sika Grout 214-11 Non-Shrink Grout 25kg', 'Sika', 845, { big: true, unit: 'bag' });
add(16, 'Precast Concrete Baluster 2 ft', null, 185, { big: true, unit: 'piece' });
add(16, 'Precast Concrete Fence Post 8 ft', null, 640, { big: true, unit: 'piece', stock: 'unit' });
add(16, 'Precast Concrete Road Barrier', null, 3850, { big: true, unit: 'piece', stock: 'few', limit: 20 });
add(16, 'Concrete Manhole Cover 60 cm', null, 1650, { big: true, unit: 'piece', stock: 'few' });
add(16, 'SikaRep Concrete Repair Mortar 25kg', 'Sika', 1180, { big: true, unit: 'bag' });
add(16, 'Ready-Mix Concrete 3000 psi 1 cu.m.', null, 5050, {
  big: true,
  unit: 'cubic meter',
  stock: 'bulk',
  limit: 60,
});

// 17 ROOFING
add(17, 'Pre-Painted Long Span Roofing Rib Type 0.4mm per meter', null, 385, {
  big: true,
  v: roofColours,
  unit: 'meter',
  stock: 'bulk',
});
add(17, 'Corrugated GI Sheet Gauge 26', null, 290, {
  big: true,
  v: dim('6 ft|8 ft|10 ft|12 ft', [1, 1.33, 1.66, 2]),
  unit: 'sheet',
  stock: 'bulk',
});
add(17, 'Pre-Painted Ridge Roll 0.4mm x 2.4m', null, 420, { big: true, v: roofColours, unit: 'piece' });
add(17, 'Pre-Painted Metal Spandrel 0.4mm per meter', null, 235, {
  big: true,
  v: 'White|Cream|Wood Grain',
  unit: 'meter',
});
add(17, 'C-Purlins Galvanized x 6m', null, 540, {
  big: true,
  v: dim('2 x 3 in|2 x 4 in|2 x 6 in', [1, 1.25, 1.7]),
  sv: dim('1.2mm|1.5mm', [1, 1.22]),
  unit: 'piece',
  stock: 'bulk',
});
add(17, 'Clear Polycarbonate Roofing Sheet', null, 680, {
  big: true,
  v: dim('8 ft|10 ft|12 ft', [1, 1.25, 1.5]),
  unit: 'sheet',
});
add(17, 'Neltex PVC Roof Gutter 4 in x 3m', 'Neltex', 395, { big: true, unit: 'piece' });
add(17, 'Roof Insulation Foil 1.2m x 50m', null, 2850, { big: true, unit: 'roll', stock: 'unit' });
add(17, 'Asphalt Roof Shingles per bundle', null, 1450, {
  big: true,
  v: 'Dual Black|Harbor Blue|Autumn Brown',
  unit: 'bundle',
});
add(17, 'Stone-Coated Roofing Tile', null, 560, { big: true, v: 'Charcoal|Terracotta|Coffee Brown', unit: 'piece' });
add(17, 'Translucent Fiberglass Roofing Sheet 8 ft', null, 545, { big: true, unit: 'sheet' });
add(17, 'PVC Downspout 3 in x 3m', 'Neltex', 265, { big: true, unit: 'piece' });
add(17, 'Roof Ventilator Turbine 14 in', null, 1350, { big: true, unit: 'piece', stock: 'unit' });
add(17, 'Tekscrew with Rubber Washer for Roofing Box of 100', null, 345, { unit: 'box', stock: 'bulk' });

// 18 SEALING
add(18, 'Boysen Plexibond Cementitious Waterproofing', 'Boysen', 485, {
  v: dim('1L|4L|16L', [1, 3.5, 12]),
  unit: 'can',
});
add(18, 'Sikaflex-11FC Polyurethane Sealant 300ml', 'Sika', 495, { v: 'Gray|White|Black', unit: 'tube' });
add(18, 'Silicone Sealant 300ml', 'Bostik', 165, { v: 'Clear|White|Black', unit: 'tube', stock: 'bulk' });
add(18, 'Pioneer Epoxy Clear', 'Pioneer', 95, { v: dim('Quick Set 25g|1/4 L|1 L', [1, 3.5, 11]), unit: 'set' });
add(18, 'Vulcaseal Waterproofing Sealant', 'Vulcaseal', 285, { v: dim('1/4 L|1 L|4 L', [1, 3.2, 11]), unit: 'can' });
add(18, 'Sikatop Seal 107 Waterproofing 20kg Set', 'Sika', 2250, { big: true, unit: 'set', stock: 'unit' });
add(18, 'Acrylic Gap Sealant 300ml White', 'Bostik', 135, { unit: 'tube', stock: 'bulk' });
add(18, 'Pioneer Contact Bond', 'Pioneer', 118, { v: dim('200ml|1L|4L', [1, 3.8, 13]), unit: 'can' });
add(18, 'Bituminous Waterproofing Membrane 1m x 10m', null, 2150, { big: true, unit: 'roll', stock: 'unit' });
add(18, 'Expanding Polyurethane Foam 750ml', 'Bostik', 385, { unit: 'can' });
add(18, 'Rain or Shine Elastomeric Roof Sealant 1 Gallon', 'Rain or Shine', 1250, { unit: 'can' });
add(18, 'Titebond II Premium Wood Glue', 'Titebond', 225, { v: dim('4oz|8oz|16oz', [1, 1.65, 2.8]), unit: 'bottle' });
add(18, 'Mighty Bond Super Glue 3g', 'Mighty Bond', 38, {
  v: dim('Piece|Card of 12', [1, 11]),
  unit: 'piece',
  stock: 'bulk',
});
add(18, 'Boysen Roofseal Elastomeric Sealant 1L', 'Boysen', 395, { unit: 'can' });

export const seedItems: readonly SeedItem[] = items;
