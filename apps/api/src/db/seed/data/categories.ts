/** Pictogram drawn on a category's images (see ../pictograms.ts). */
export type Pictogram =
  | 'rebar'
  | 'sack'
  | 'paint'
  | 'stones'
  | 'bulb'
  | 'pipe'
  | 'plug'
  | 'planks'
  | 'bolt'
  | 'tiles'
  | 'board'
  | 'helmet'
  | 'tools'
  | 'door'
  | 'block'
  | 'mixer'
  | 'roof'
  | 'caulk';

export interface SeedCategory {
  id: number;
  name: string;
  /** Sort order of the category grid: the home tabs' categories first. */
  sort: number;
  colour: string;
  pictogram: Pictogram;
  tagline: string;
}

/** The spec names ids 1-5, 13 and 16-18; the rest fill the gaps in a hardware store's aisles. */
export const seedCategories: SeedCategory[] = [
  {
    id: 1,
    name: 'STEEL BAR',
    sort: 2,
    colour: '#475569',
    pictogram: 'rebar',
    tagline: 'Rebars, angle bars and wire for every structure',
  },
  {
    id: 2,
    name: 'CEMENT',
    sort: 1,
    colour: '#78716c',
    pictogram: 'sack',
    tagline: 'Portland and masonry cement by the bag or pallet',
  },
  {
    id: 3,
    name: 'PAINT',
    sort: 3,
    colour: '#db2777',
    pictogram: 'paint',
    tagline: 'Latex, enamel and elastomeric paint in every colour',
  },
  {
    id: 4,
    name: 'AGGREGATE',
    sort: 4,
    colour: '#a16207',
    pictogram: 'stones',
    tagline: 'Sand, gravel and filling materials delivered to site',
  },
  {
    id: 5,
    name: 'LIGHTS',
    sort: 8,
    colour: '#ca8a04',
    pictogram: 'bulb',
    tagline: 'LED bulbs, tubes, panels and flood lights',
  },
  {
    id: 6,
    name: 'PLUMBING',
    sort: 12,
    colour: '#0284c7',
    pictogram: 'pipe',
    tagline: 'Pipes, fittings, valves and fixtures',
  },
  {
    id: 7,
    name: 'ELECTRICAL',
    sort: 13,
    colour: '#dc2626',
    pictogram: 'plug',
    tagline: 'Wires, breakers, outlets and conduits',
  },
  {
    id: 8,
    name: 'WOOD & PLYWOOD',
    sort: 11,
    colour: '#92400e',
    pictogram: 'planks',
    tagline: 'Plywood, lumber and boards cut to size',
  },
  {
    id: 9,
    name: 'HARDWARE & FASTENERS',
    sort: 14,
    colour: '#57534e',
    pictogram: 'bolt',
    tagline: 'Nails, screws, bolts, hinges and locks',
  },
  {
    id: 10,
    name: 'TILES',
    sort: 15,
    colour: '#0d9488',
    pictogram: 'tiles',
    tagline: 'Floor and wall tiles, adhesives and grout',
  },
  {
    id: 11,
    name: 'GYPSUM & CEILING',
    sort: 16,
    colour: '#64748b',
    pictogram: 'board',
    tagline: 'Gypsum, fiber cement boards and ceiling frames',
  },
  {
    id: 12,
    name: 'SAFETY GEAR',
    sort: 18,
    colour: '#d97706',
    pictogram: 'helmet',
    tagline: 'Hard hats, boots, gloves and harnesses',
  },
  {
    id: 13,
    name: 'TOOLS',
    sort: 9,
    colour: '#ea580c',
    pictogram: 'tools',
    tagline: 'Hand tools and power tools for the job site',
  },
  {
    id: 14,
    name: 'DOORS & WINDOWS',
    sort: 17,
    colour: '#7c3aed',
    pictogram: 'door',
    tagline: 'Doors, jambs, windows and screens',
  },
  {
    id: 15,
    name: 'CHB & MASONRY',
    sort: 10,
    colour: '#6b7280',
    pictogram: 'block',
    tagline: 'Hollow blocks, bricks and pavers',
  },
  {
    id: 16,
    name: 'CONCRETE',
    sort: 5,
    colour: '#4b5563',
    pictogram: 'mixer',
    tagline: 'Ready-mix, admixtures and precast products',
  },
  {
    id: 17,
    name: 'ROOFING',
    sort: 6,
    colour: '#b91c1c',
    pictogram: 'roof',
    tagline: 'Long span, GI sheets, purlins and gutters',
  },
  {
    id: 18,
    name: 'SEALING',
    sort: 7,
    colour: '#2563eb',
    pictogram: 'caulk',
    tagline: 'Sealants, waterproofing and adhesives',
  },
];
