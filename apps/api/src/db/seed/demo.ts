import { hash } from '@node-rs/argon2';
import { slugify } from '@tibay/contract';
import { eq, sql } from 'drizzle-orm';
import { sanitizeSellerHtml } from '../../lib/sanitize-html.ts';
import { LocalDiskStorage, uploadsDir } from '../../plugins/storage.ts';
import type { Db, Tx } from '../client.ts';
import {
  blogPosts,
  categories,
  creditApplications,
  creditLines,
  partners,
  sellerCompanies,
  users,
} from '../schema/index.ts';
import { bulkInsert, isPglite, maxId, queryRows, syncSequence } from './bulk.ts';
import { seedCheckoutData } from './checkout-data.ts';
import { type SeedItem, seedItems } from './data/catalog.ts';
import { type SeedCategory, seedCategories } from './data/categories.ts';
import { blogUrl, seedBlogs, seedPartners } from './data/content.ts';
import { DEMO_PASSWORD, demoUsers, reviewerKeys } from './data/people.ts';
import { cityLabel, type SeedSeller, seedSellers, sellerAddress } from './data/sellers.ts';
import { describe, reviewRating, reviewText, sellerAbout } from './data/text.ts';
import {
  blogSvg,
  categoryBannerSvg,
  categoryPhotoSvg,
  type ImageJob,
  type ProductArt,
  partnerLogoSvg,
  productSvg,
  renderImages,
  sellerBannerSvg,
  sellerLogoSvg,
} from './images.ts';
import { Prng } from './prng.ts';
import { ProductRows } from './product-rows.ts';

/** Every date in the demo is fixed relative to this moment, so two seeds give identical data. */
export const SEED_EPOCH = Date.parse('2026-01-15T08:00:00+08:00');
const DAY = 86_400_000;
const daysBefore = (days: number, minutes = 0) => new Date(SEED_EPOCH - days * DAY + minutes * 60_000).toISOString();

/** Holds off a second process (another API node) that starts seeding the same empty database. */
const SEED_LOCK = 7_240_126;

export interface SeedOptions {
  /** DATA_DIR: pictures go to `${dataDir}/uploads/seed/...`. */
  dataDir: string;
  log: (message: string) => void;
}

const ARGON2ID = 2; // @node-rs/argon2's Algorithm.Argon2id (a const enum isolated modules cannot import)

const sellerColours = [
  '#c2410c',
  '#0f766e',
  '#1d4ed8',
  '#7c2d12',
  '#4d7c0f',
  '#9333ea',
  '#be123c',
  '#0369a1',
  '#a16207',
  '#334155',
];

/** Image keys of a catalogue item: the card picture, then up to two detail views. */
export function itemImageKeys(item: SeedItem, index: number): string[] {
  const slug = slugify(item.name);
  const keys = [`seed/products/${slug}.webp`];
  if (item.v && index % 4 === 0) keys.push(`seed/products/${slug}-2.webp`);
  if (item.v && index % 8 === 0) keys.push(`seed/products/${slug}-3.webp`);
  return keys;
}

export function productArt(item: SeedItem): ProductArt {
  const category = seedCategories.find((c) => c.id === item.category)!;
  return {
    name: item.name,
    brand: item.brand,
    categoryName: category.name,
    colour: category.colour,
    pictogram: category.pictogram,
    options: item.v?.values ?? [],
  };
}

/** Every picture the demo needs, keyed under seed/. */
export function demoImageJobs(): ImageJob[] {
  const jobs: ImageJob[] = [];
  seedItems.forEach((item, index) => {
    const art = productArt(item);
    itemImageKeys(item, index).forEach((key, view) => {
      jobs.push({ key, width: 600, height: 600, svg: () => productSvg(art, view as 0 | 1 | 2) });
    });
  });
  for (const category of seedCategories) {
    const slug = slugify(category.name);
    jobs.push({
      key: `seed/categories/${slug}.webp`,
      width: 600,
      height: 600,
      svg: () => categoryPhotoSvg(category.name, category.colour, category.pictogram),
    });
    jobs.push({
      key: `seed/categories/${slug}-banner.webp`,
      width: 1600,
      height: 400,
      svg: () => categoryBannerSvg(category.name, category.tagline, category.colour, category.pictogram),
    });
  }
  seedSellers.forEach((seller, index) => {
    const colour = sellerColours[(index * 3) % sellerColours.length]!;
    const kinds = seller.focus.map((id) => categoryById(id).pictogram);
    jobs.push({
      key: `seed/sellers/${seller.handle}-logo.webp`,
      width: 300,
      height: 300,
      svg: () => sellerLogoSvg(seller.name, colour, index),
    });
    jobs.push({
      key: `seed/sellers/${seller.handle}-banner.webp`,
      width: 1600,
      height: 400,
      svg: () => sellerBannerSvg(seller.name, `${cityLabel(seller.city)} · Since ${seller.founded}`, colour, kinds),
    });
  });
  for (const partner of seedPartners) {
    jobs.push({
      key: `seed/partners/${slugify(partner.name)}.webp`,
      width: 400,
      height: 200,
      svg: () => partnerLogoSvg(partner),
    });
  }
  for (const blog of seedBlogs) {
    const category = categoryById(blog.category);
    jobs.push({
      key: `seed/blogs/${blog.slug}.webp`,
      width: 800,
      height: 450,
      svg: () => blogSvg(blog.title, category.colour, category.pictogram),
    });
  }
  return jobs;
}

function categoryById(id: number): SeedCategory {
  const category = seedCategories.find((c) => c.id === id);
  if (!category) throw new Error(`Unknown category ${id}`);
  return category;
}

async function hasUsers(db: Db | Tx): Promise<boolean> {
  const [row] = await queryRows<{ present: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM users) AS present`);
  return Boolean(row?.present);
}

/**
 * Seeds the demo marketplace into a database that has no users yet; does nothing otherwise.
 * Deterministic (seeded random numbers, fixed dates), one transaction, pictures generated once into
 * `${dataDir}/uploads/seed`. On PGlite it checkpoints afterwards so the write-ahead log does not linger.
 */
export async function seedDemoIfEmpty(db: Db, options: SeedOptions): Promise<void> {
  const started = performance.now();
  if (await hasUsers(db)) return;
  options.log('Seeding demo data...');

  const storage = new LocalDiskStorage(uploadsDir(options.dataDir));
  const [drawn, hashes] = await Promise.all([
    renderImages(storage, demoImageJobs()),
    Promise.all(demoUsers.map(() => hash(DEMO_PASSWORD, { algorithm: ARGON2ID }))),
  ]);
  const imagesDone = performance.now();

  const summary = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasUsers(tx)) return null;
    return writeDemo(tx, hashes, (key) => storage.url(key));
  });
  if (!summary) {
    options.log('Demo data: another process seeded the database first.');
    return;
  }
  if (isPglite(db)) await db.execute(sql`CHECKPOINT`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  options.log(
    `Demo data seeded in ${seconds} s (${drawn} pictures drawn in ${((imagesDone - started) / 1000).toFixed(1)} s): ` +
      `${summary.users} users, ${summary.sellers} shops, ${summary.products} products (${summary.nodes} catalogue nodes), ` +
      `${summary.reviews} reviews. Demo accounts: buyer@tibay.test, agent@tibay.test, seller@tibay.test, ` +
      `admin@tibay.test; password ${DEMO_PASSWORD}`,
  );
}

interface Summary {
  users: number;
  sellers: number;
  products: number;
  nodes: number;
  reviews: number;
}

async function writeDemo(tx: Tx, hashes: string[], url: (key: string) => string): Promise<Summary> {
  const rng = new Prng(20_260_115);

  // Categories.
  await tx.insert(categories).values(
    seedCategories.map((category) => ({
      id: category.id,
      name: category.name,
      photoUrl: url(`seed/categories/${slugify(category.name)}.webp`),
      bannerUrl: url(`seed/categories/${slugify(category.name)}-banner.webp`),
      sortOrder: category.sort,
    })),
  );

  // Users, in the listed order (buyer@tibay.test first); then buyers are linked to their agent.
  const userRows = await tx
    .insert(users)
    .values(
      demoUsers.map((user, index) => ({
        email: user.email,
        passwordHash: hashes[index]!,
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone,
        role: user.role,
        agentCode: user.agentCode ?? null,
        address: user.address?.text ?? null,
        latitude: user.address?.latitude ?? null,
        longitude: user.address?.longitude ?? null,
        hardwareName: user.hardwareName ?? null,
        buyerType: user.buyerType ?? null,
        isCompletedProfile: user.completed,
        emailVerifiedAt: new Date(SEED_EPOCH - 120 * DAY),
        createdAt: new Date(SEED_EPOCH - 120 * DAY),
        updatedAt: new Date(SEED_EPOCH - 120 * DAY),
      })),
    )
    .returning({ id: users.id, email: users.email });
  const userIds = new Map(userRows.map((row) => [demoUsers.find((user) => user.email === row.email)!.key, row.id]));
  for (const user of demoUsers) {
    if (!user.agent) continue;
    await tx
      .update(users)
      .set({ agentId: userIds.get(user.agent)! })
      .where(eq(users.id, userIds.get(user.key)!));
  }
  const adminId = userIds.get('admin')!;

  // Shops.
  const sellerRows = await tx
    .insert(sellerCompanies)
    .values(
      seedSellers.map((seller, index) => ({
        ownerUserId: index === 0 ? userIds.get('seller')! : null,
        name: seller.name,
        urlHandle: seller.handle,
        micrositeHandle: seller.microsite?.handle ?? null,
        micrositeBrand: seller.microsite?.brand ?? null,
        logoUrl: url(`seed/sellers/${seller.handle}-logo.webp`),
        bannerUrl: url(`seed/sellers/${seller.handle}-banner.webp`),
        descriptionHtml: sanitizeSellerHtml(
          sellerAbout(
            { ...seller, city: cityLabel(seller.city) },
            seller.focus.map((id) => categoryById(id).name),
            rng,
          ),
        ),
        ownerName: seller.owner,
        email: `${seller.handle}@shops.tibay.test`,
        phone: seller.phone,
        address: sellerAddress(seller),
        city: cityLabel(seller.city),
        province: seller.province,
        region: seller.region,
        latitude: seller.latitude,
        longitude: seller.longitude,
        ...shippingRates(index, rng),
        status: seller.status ?? 'approved',
        createdAt: new Date(SEED_EPOCH - (200 - index) * DAY),
      })),
    )
    .returning({ id: sellerCompanies.id, handle: sellerCompanies.urlHandle });
  const sellerIdByHandle = new Map(sellerRows.map((row) => [row.handle, row.id]));
  const approved = seedSellers.filter((seller) => (seller.status ?? 'approved') === 'approved');

  // Products: each catalogue item at one to three shops (shops that focus on its category first).
  const rows = new ProductRows((await maxId(tx, 'products')) + 1, (await maxId(tx, 'product_images')) + 1);
  const priceLevel = new Map(approved.map((seller) => [seller.handle, 0.94 + rng.next() * 0.14]));
  seedItems.forEach((item, index) => {
    const shops = shopsFor(item, index, approved, rng);
    const images = itemImageKeys(item, index).map(url);
    for (const seller of shops) {
      rows.addListing({
        item,
        sellerId: sellerIdByHandle.get(seller.handle)!,
        rng,
        priceFactor: priceLevel.get(seller.handle)!,
        discountPercent: rng.chance(0.25) ? rng.pick([5, 8, 10, 12, 15, 20]) : 0,
        description: describe(item, rng),
        quantityLimit: item.limit ?? (rng.chance(0.12) ? rng.pick([300, 500]) : 1200),
        images,
        thumbnailIndex: images.length > 1 && index % 3 === 0 ? 1 : 0,
        createdAt: daysBefore(rng.int(20, 420), rng.int(0, 600)),
        receiveReference: `RCV-OPEN-${String(sellerIdByHandle.get(seller.handle)).padStart(4, '0')}`,
        actorUserId: adminId,
        outOfStock: rng.chance(0.03),
        bestSeller: rng.chance(0.06),
        active: !(index % 97 === 5 && seller === shops[0]),
      });
    }
  });
  await rows.write(tx);
  await syncSequence(tx, 'products');
  await syncSequence(tx, 'product_images');

  // Reviews on about half the products, by demo buyers, one per order.
  const reviewers = reviewerKeys.map((key) => userIds.get(key)!);
  const review = {
    product_id: [] as number[],
    seller_id: [] as number[],
    customer_id: [] as number[],
    order_reference: [] as string[],
    rating: [] as number[],
    review: [] as string[],
    created_at: [] as string[],
  };
  let orderSequence = 0;
  for (const root of rows.roots) {
    if (!rng.chance(0.55)) continue;
    for (const customerId of rng.sample(reviewers, rng.int(1, 6))) {
      const rating = reviewRating(rng);
      const when = SEED_EPOCH - rng.int(2, 180) * DAY - rng.int(0, 86_000) * 1000;
      review.product_id.push(root.id);
      review.seller_id.push(root.sellerId);
      review.customer_id.push(customerId);
      review.order_reference.push(orderReference(when, ++orderSequence));
      review.rating.push(rating);
      review.review.push(reviewText(rating, rng));
      review.created_at.push(new Date(when).toISOString());
    }
  }
  await bulkInsert(tx, 'reviews', {
    product_id: { type: 'int4', values: review.product_id },
    seller_id: { type: 'int4', values: review.seller_id },
    customer_id: { type: 'int4', values: review.customer_id },
    order_reference: { type: 'text', values: review.order_reference },
    rating: { type: 'int2', values: review.rating },
    review: { type: 'text', values: review.review },
    created_at: { type: 'timestamptz', values: review.created_at },
  });

  // Credit: the demo buyer has BuildCredit, a Hardware Credit line and a Yield line with the demo shop;
  // Maria's application is pending and Pedro's is a draft.
  const buyerId = userIds.get('buyer')!;
  const demoShopId = sellerIdByHandle.get(seedSellers[0]!.handle)!;
  await tx.insert(creditApplications).values([
    {
      customerId: buyerId,
      status: 'Approved',
      form: creditForm('Juan Dela Cruz', 'JDC Home Builders'),
      createdAt: new Date(SEED_EPOCH - 90 * DAY),
      updatedAt: new Date(SEED_EPOCH - 80 * DAY),
    },
    {
      customerId: userIds.get('maria')!,
      status: 'Pending',
      form: creditForm('Maria Reyes', 'Reyes Construction Services'),
      submittedAt: new Date(SEED_EPOCH - 5 * DAY),
      termsAcceptedAt: new Date(SEED_EPOCH - 5 * DAY),
      createdAt: new Date(SEED_EPOCH - 6 * DAY),
      updatedAt: new Date(SEED_EPOCH - 5 * DAY),
    },
    {
      customerId: userIds.get('pedro')!,
      status: 'Draft',
      form: creditForm('Pedro Santos', 'Santos Builders & Trading'),
      createdAt: new Date(SEED_EPOCH - 2 * DAY),
      updatedAt: new Date(SEED_EPOCH - 2 * DAY),
    },
  ]);
  await tx.insert(creditLines).values([
    {
      customerId: buyerId,
      kind: 'buildcredit',
      sellerId: null,
      approvedLimit: 50_000_000,
      used: 0,
      balance: 50_000_000,
      termsDays: 30,
      pdcSent: 0,
      status: 'active',
      createdAt: new Date(SEED_EPOCH - 80 * DAY),
    },
    {
      customerId: buyerId,
      kind: 'hardware',
      sellerId: demoShopId,
      approvedLimit: 5_000_000,
      used: 0,
      balance: 5_000_000,
      termsDays: 30,
      pdcSent: 0,
      status: 'active',
      createdAt: new Date(SEED_EPOCH - 60 * DAY),
    },
    {
      customerId: buyerId,
      kind: 'yield',
      sellerId: demoShopId,
      approvedLimit: 2_000_000,
      used: 0,
      balance: 2_000_000,
      termsDays: 45,
      pdcSent: 0,
      status: 'active',
      createdAt: new Date(SEED_EPOCH - 60 * DAY),
    },
  ]);

  // Checkout: unit weights by category and the demo vouchers.
  await seedCheckoutData(tx, demoShopId);

  // Brand partners and blog cards.
  await tx.insert(partners).values(
    seedPartners.map((partner, index) => ({
      name: partner.name,
      logoUrl: url(`seed/partners/${slugify(partner.name)}.webp`),
      link: partner.link,
      sortOrder: index + 1,
    })),
  );
  await tx.insert(blogPosts).values(
    seedBlogs.map((blog) => ({
      title: blog.title,
      excerpt: blog.excerpt,
      imageUrl: url(`seed/blogs/${blog.slug}.webp`),
      url: blogUrl(blog.slug),
      publishedOn: blog.publishedOn,
      featured: blog.featured,
    })),
  );

  return {
    users: demoUsers.length,
    sellers: seedSellers.length,
    products: rows.roots.length,
    nodes: rows.productCount,
    reviews: review.product_id.length,
  };
}

/** Shops that list an item: the demo shop gets a broad range; others mostly their focus categories. */
function shopsFor(item: SeedItem, index: number, approved: SeedSeller[], rng: Prng): SeedSeller[] {
  const focused = approved.filter((seller) => seller.focus.includes(item.category));
  const count = rng.chance(0.5) ? 3 : rng.chance(0.75) ? 2 : 1;
  const chosen = new Set<SeedSeller>();
  if (index % 6 === 0) chosen.add(approved[0]!);
  for (const seller of rng.sample(focused, count)) if (chosen.size < count) chosen.add(seller);
  while (chosen.size < count) chosen.add(rng.pick(approved));
  return [...chosen];
}

/** Hardware (seller fleet) shipping rates in centavos: half the shops charge a fixed fee, half per km. */
function shippingRates(index: number, rng: Prng) {
  const perKm = index % 2 === 1;
  return {
    shippingComputation: perKm ? 'per_km' : 'fixed',
    smallItemFeeFixed: rng.pick([150, 180, 200, 250, 300]) * 100,
    bigItemFeeFixed: rng.pick([800, 1000, 1200, 1500, 2000]) * 100,
    smallItemFeePerKm: rng.pick([12, 15, 18, 20, 25]) * 100,
    bigItemFeePerKm: rng.pick([45, 50, 60, 70, 80]) * 100,
  };
}

/** ORD followed by 14 digits: the order date (YYYYMMDD) and a six-digit sequence. */
export function orderReference(when: number, sequence: number): string {
  const manila = new Date(when + 8 * 3_600_000);
  const date = `${manila.getUTCFullYear()}${String(manila.getUTCMonth() + 1).padStart(2, '0')}${String(manila.getUTCDate()).padStart(2, '0')}`;
  return `ORD${date}${String(sequence).padStart(6, '0')}`;
}

/** A BuildCredit application's form as the application pages save it (contract creditForm1 / creditForm2). */
function creditForm(name: string, business: string) {
  const handle = business.toLowerCase().replace(/[^a-z]+/g, '');
  return {
    form_1: {
      creditLimit: 150_000,
      creditTerms: 30,
      companyName: business,
      companyEmail: `${handle}@example.test`,
      contactPerson: name,
      mobilePhone: '09171234567',
      alternativeMobilePhone: '09181234567',
      landline: '',
      islandGroup: 'LUZON',
      area: 'Metro Manila',
      companyCity: 'Quezon City',
      companyBrgy: 'Socorro',
      postCode: '1109',
      addressLine1: '12 Aurora Blvd',
      addressLine2: '',
      additionalInformation: 'Hardware and construction supplies',
      ownerName: name,
      ownerMobilePhone: '09191234567',
    },
    form_2: {
      bankName: 'BDO Unibank',
      bankBranchName: 'Cubao',
      bankAccountName: business,
      bankAccountNumber: '001234567890',
      bankMgrFirstName: 'Ana',
      bankMgrLastName: 'Reyes',
      bankMgrPhoneNumber: '0281234567',
      bankEmail: 'cubao.branch@bank.example.test',
    },
  };
}
