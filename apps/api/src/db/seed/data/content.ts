/** Brand partners (invented brands) with the colours their generated logos use. */
export interface SeedPartner {
  name: string;
  /** Short word drawn large on the logo. */
  mark: string;
  tagline: string;
  colour: string;
  accent: string;
  shape: 'hexagon' | 'circle' | 'diamond' | 'shield' | 'triangle' | 'square';
  link: string;
}

export const seedPartners: SeedPartner[] = [
  {
    name: 'Kalasag Steel',
    mark: 'KALASAG',
    tagline: 'STEEL',
    colour: '#1e3a8a',
    accent: '#f97316',
    shape: 'shield',
    link: 'https://www.kalasagsteel.com.ph',
  },
  {
    name: 'Haligi Cement',
    mark: 'HALIGI',
    tagline: 'CEMENT',
    colour: '#44403c',
    accent: '#eab308',
    shape: 'square',
    link: 'https://www.haligicement.com.ph',
  },
  {
    name: 'Bahaghari Paints',
    mark: 'BAHAGHARI',
    tagline: 'PAINTS',
    colour: '#be185d',
    accent: '#0ea5e9',
    shape: 'circle',
    link: 'https://www.bahagharipaints.com.ph',
  },
  {
    name: 'Liwanag Lighting',
    mark: 'LIWANAG',
    tagline: 'LIGHTING',
    colour: '#a16207',
    accent: '#facc15',
    shape: 'circle',
    link: 'https://www.liwanaglighting.com.ph',
  },
  {
    name: 'Daloy Pipes',
    mark: 'DALOY',
    tagline: 'PIPES & FITTINGS',
    colour: '#0369a1',
    accent: '#22d3ee',
    shape: 'diamond',
    link: 'https://www.daloypipes.com.ph',
  },
  {
    name: 'Bubong Roofing Systems',
    mark: 'BUBONG',
    tagline: 'ROOFING SYSTEMS',
    colour: '#991b1b',
    accent: '#fb923c',
    shape: 'triangle',
    link: 'https://www.bubongroofing.com.ph',
  },
  {
    name: 'Matibay Tools',
    mark: 'MATIBAY',
    tagline: 'TOOLS',
    colour: '#c2410c',
    accent: '#1f2937',
    shape: 'hexagon',
    link: 'https://www.matibaytools.com.ph',
  },
  {
    name: 'Selyo Sealants',
    mark: 'SELYO',
    tagline: 'SEALANTS',
    colour: '#1d4ed8',
    accent: '#93c5fd',
    shape: 'hexagon',
    link: 'https://www.selyosealants.com.ph',
  },
  {
    name: 'Yakal Timber Co.',
    mark: 'YAKAL',
    tagline: 'TIMBER CO.',
    colour: '#78350f',
    accent: '#84cc16',
    shape: 'triangle',
    link: 'https://www.yakaltimber.com.ph',
  },
  {
    name: 'Bantay Safety',
    mark: 'BANTAY',
    tagline: 'SAFETY GEAR',
    colour: '#15803d',
    accent: '#facc15',
    shape: 'shield',
    link: 'https://www.bantaysafety.com.ph',
  },
];

export interface SeedBlog {
  slug: string;
  title: string;
  excerpt: string;
  publishedOn: string;
  featured: boolean;
  /** Category whose pictogram and colour the card image uses. */
  category: number;
}

/** Article cards. The links point at the (external) Tibay blog; nothing is loaded from there. */
export const seedBlogs: SeedBlog[] = [
  {
    slug: 'how-many-bags-of-cement-for-a-4-inch-slab',
    title: 'How Many Bags of Cement Do You Need for a 4-Inch Slab?',
    excerpt:
      'A simple way to estimate cement, sand and gravel for a house slab using the common Class A mix, with a worked example for a 30 square meter floor.',
    publishedOn: '2026-01-12',
    featured: true,
    category: 2,
  },
  {
    slug: 'choosing-the-right-steel-bar-grade',
    title: 'Grade 33, 40 or 60? Choosing the Right Steel Bar for Your House',
    excerpt:
      'What the grade stamped on a rebar means, when your engineer will ask for Grade 40 or 60, and how to spot underweight bars at the hardware store.',
    publishedOn: '2026-01-05',
    featured: true,
    category: 1,
  },
  {
    slug: 'rainy-season-roof-check',
    title: 'Rainy Season Roof Check: 7 Things to Inspect Before June',
    excerpt:
      'Loose tekscrews, rusty gutters and cracked ridge rolls cause most leaks. Here is a one-afternoon checklist before the first typhoon arrives.',
    publishedOn: '2025-12-18',
    featured: true,
    category: 17,
  },
  {
    slug: 'elastomeric-vs-latex-paint',
    title: 'Elastomeric vs. Latex Paint: Which One for Exterior Walls?',
    excerpt:
      'Elastomeric paint bridges hairline cracks and keeps rain out, while latex is easier on the budget. We compare coverage, price per square meter and durability.',
    publishedOn: '2025-12-02',
    featured: true,
    category: 3,
  },
  {
    slug: 'buildcredit-buy-now-pay-in-30-days',
    title: 'BuildCredit 101: Buy Materials Now, Pay in 30 Days',
    excerpt:
      'How contractors and hardware stores use a BuildCredit line to keep projects moving, what documents the application needs, and how payments work.',
    publishedOn: '2025-11-20',
    featured: false,
    category: 16,
  },
  {
    slug: 'chb-wall-cost-guide',
    title: 'CHB Wall Cost Guide: Blocks, Mortar and Rebar per Square Meter',
    excerpt:
      'Count the hollow blocks, cement, sand and steel for a 4-inch or 6-inch CHB wall and see what a typical room divider costs in Metro Manila today.',
    publishedOn: '2025-11-03',
    featured: false,
    category: 15,
  },
];

export const blogUrl = (slug: string) => `https://blog.tibay.ph/articles/${slug}`;
