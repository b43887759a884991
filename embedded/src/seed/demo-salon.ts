/**
 * The demo salon, as data: what `npm run seed` makes exist. Keys (outlet keys, service slugs, staff e-mails,
 * package names) are also how a second run recognises what is already there.
 */

export const DEMO_TENANT = {
  business_name: 'Demo Salon',
  preferred_slug: 'demo-salon',
  business_email: 'hello@demo-salon.example',
  business_phone: '+6281100000001',
  business_type: 'salon',
  description: 'Hair, nails, facials and massage in two Jakarta outlets: the platform demo tenant.',
  website: 'demo-salon.example',
};

/** Demo passwords: this is sandbox data whose logins are printed on purpose. */
export const DEMO_LOGINS = {
  owner: {
    email: 'owner@demo-salon.example',
    password: 'DemoOwner123',
    first_name: 'Ayu',
    last_name: 'Lestari',
  },
  manager: { email: 'dewi@demo-salon.example', password: 'DemoManager123' },
  customer: { email: 'rina@demo-salon.example', password: 'DemoCustomer123' },
};

const weekHours = (open: string, close: string, days: string[]) =>
  Object.fromEntries(days.map((day) => [day, { open, close }]));
const MON_TO_SAT = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

export type OutletKey = 'kemang' | 'senopati';

/** The first outlet is the one registration created (renamed); the second needs the PRO plan. */
export const DEMO_OUTLETS: Array<{ key: OutletKey; body: Record<string, unknown> }> = [
  {
    key: 'kemang',
    body: {
      name: 'Demo Salon Kemang',
      address: 'Jl. Kemang Raya 10, Jakarta Selatan',
      phone: '+6281100000002',
      business_hours: weekHours('09:00', '19:00', MON_TO_SAT),
    },
  },
  {
    key: 'senopati',
    body: {
      name: 'Demo Salon Senopati',
      address: 'Jl. Senopati 21, Jakarta Selatan',
      phone: '+6281100000003',
      business_hours: weekHours('10:00', '20:00', MON_TO_SAT),
    },
  },
];

interface DemoService {
  slug: string;
  name: string;
  category: string;
  duration_minutes: number;
  base_price: number;
  preparation_minutes?: number;
  cleanup_minutes?: number;
  /** Parallel service: one staff member serves up to this many customers at once. */
  max_parallel_bookings?: number;
  tags?: string[];
}

/** A dozen services: FREE allows ten, so the last two exist only after the PRO upgrade. */
export const DEMO_SERVICES: DemoService[] = [
  {
    slug: 'womens-haircut',
    name: "Women's Haircut",
    category: 'hair_cut',
    duration_minutes: 60,
    base_price: 250000,
    cleanup_minutes: 10,
    tags: ['hair', 'cut'],
  },
  {
    slug: 'mens-haircut',
    name: "Men's Haircut",
    category: 'hair_cut',
    duration_minutes: 30,
    base_price: 120000,
    tags: ['hair', 'cut'],
  },
  {
    slug: 'hair-colouring',
    name: 'Hair Colouring',
    category: 'hair_color',
    duration_minutes: 120,
    base_price: 650000,
    preparation_minutes: 15,
    cleanup_minutes: 15,
    tags: ['hair', 'colour'],
  },
  {
    slug: 'creambath',
    name: 'Creambath Hair Spa',
    category: 'hair_treatment',
    duration_minutes: 60,
    base_price: 180000,
    max_parallel_bookings: 3,
    tags: ['hair', 'spa'],
  },
  {
    slug: 'blow-dry',
    name: 'Blow Dry and Styling',
    category: 'hair_styling',
    duration_minutes: 45,
    base_price: 150000,
    tags: ['hair'],
  },
  {
    slug: 'hydrating-facial',
    name: 'Hydrating Facial',
    category: 'facial',
    duration_minutes: 60,
    base_price: 400000,
    preparation_minutes: 10,
    cleanup_minutes: 10,
    tags: ['skin'],
  },
  {
    slug: 'gel-manicure',
    name: 'Gel Manicure',
    category: 'manicure',
    duration_minutes: 60,
    base_price: 200000,
    tags: ['nails'],
  },
  {
    slug: 'spa-pedicure',
    name: 'Spa Pedicure',
    category: 'pedicure',
    duration_minutes: 60,
    base_price: 180000,
    tags: ['nails', 'spa'],
  },
  {
    slug: 'balinese-massage',
    name: 'Balinese Massage',
    category: 'massage',
    duration_minutes: 90,
    base_price: 350000,
    preparation_minutes: 10,
    cleanup_minutes: 15,
    tags: ['body', 'relax'],
  },
  {
    slug: 'herbal-foot-soak',
    name: 'Herbal Foot Soak',
    category: 'spa',
    duration_minutes: 30,
    base_price: 90000,
    max_parallel_bookings: 4,
    tags: ['spa', 'relax'],
  },
  {
    slug: 'keratin-treatment',
    name: 'Keratin Treatment',
    category: 'hair_treatment',
    duration_minutes: 90,
    base_price: 900000,
    cleanup_minutes: 10,
    tags: ['hair'],
  },
  {
    slug: 'bridal-makeup',
    name: 'Bridal Makeup',
    category: 'makeup',
    duration_minutes: 120,
    base_price: 1500000,
    preparation_minutes: 15,
    tags: ['makeup', 'wedding'],
  },
];

interface DemoStaff {
  outlet: OutletKey;
  first_name: string;
  last_name: string;
  email: string;
  position: string;
  employment_type: 'full_time' | 'part_time';
  gender: 'male' | 'female';
  services: string[];
  /** Weekly working hours (0 = Monday … 6 = Sunday) with a daily break inside them. */
  hours: { days: number[]; start: string; end: string; breakStart: string; breakEnd: string };
  /** A vacation a fortnight from the seed day, lasting this many days. */
  vacationDays?: number;
}

const MON_SAT = [0, 1, 2, 3, 4, 5];

export const DEMO_STAFF: DemoStaff[] = [
  {
    outlet: 'kemang',
    first_name: 'Sari',
    last_name: 'Wulandari',
    email: 'sari@demo-salon.example',
    position: 'Senior Provider',
    employment_type: 'full_time',
    gender: 'female',
    services: ['womens-haircut', 'hair-colouring', 'keratin-treatment', 'blow-dry', 'creambath'],
    hours: { days: MON_SAT, start: '09:00', end: '18:00', breakStart: '12:00', breakEnd: '13:00' },
  },
  {
    outlet: 'kemang',
    first_name: 'Budi',
    last_name: 'Santoso',
    email: 'budi@demo-salon.example',
    position: 'Service Provider',
    employment_type: 'full_time',
    gender: 'male',
    services: ['mens-haircut', 'blow-dry', 'creambath'],
    hours: { days: MON_SAT, start: '10:00', end: '19:00', breakStart: '13:00', breakEnd: '14:00' },
  },
  {
    outlet: 'kemang',
    first_name: 'Maya',
    last_name: 'Kusuma',
    email: 'maya@demo-salon.example',
    position: 'Specialist',
    employment_type: 'full_time',
    gender: 'female',
    services: ['hydrating-facial', 'bridal-makeup'],
    hours: { days: MON_SAT, start: '09:00', end: '17:00', breakStart: '12:00', breakEnd: '13:00' },
    vacationDays: 3,
  },
  {
    outlet: 'kemang',
    first_name: 'Nina',
    last_name: 'Halim',
    email: 'nina@demo-salon.example',
    position: 'Service Provider',
    employment_type: 'part_time',
    gender: 'female',
    services: ['gel-manicure', 'spa-pedicure', 'herbal-foot-soak'],
    hours: { days: [1, 2, 3, 4, 5], start: '11:00', end: '17:00', breakStart: '14:00', breakEnd: '14:30' },
  },
  {
    outlet: 'senopati',
    first_name: 'Dewi',
    last_name: 'Anggraini',
    email: DEMO_LOGINS.manager.email,
    position: 'Manager',
    employment_type: 'full_time',
    gender: 'female',
    services: ['hydrating-facial', 'balinese-massage', 'herbal-foot-soak'],
    hours: { days: MON_SAT, start: '10:00', end: '19:00', breakStart: '13:00', breakEnd: '14:00' },
  },
  {
    outlet: 'senopati',
    first_name: 'Agus',
    last_name: 'Pratama',
    email: 'agus@demo-salon.example',
    position: 'Service Provider',
    employment_type: 'full_time',
    gender: 'male',
    services: ['balinese-massage', 'herbal-foot-soak', 'mens-haircut'],
    hours: { days: MON_SAT, start: '10:00', end: '20:00', breakStart: '14:00', breakEnd: '15:00' },
  },
];

/** Customers who registered themselves (they can log in); the walk-in was added by staff at the desk. */
export const DEMO_CUSTOMERS = [
  {
    email: DEMO_LOGINS.customer.email,
    password: DEMO_LOGINS.customer.password,
    first_name: 'Rina',
    last_name: 'Putri',
  },
  { email: 'andi@demo-salon.example', password: 'DemoCustomer123', first_name: 'Andi', last_name: 'Wijaya' },
  { email: 'lina@demo-salon.example', password: 'DemoCustomer123', first_name: 'Lina', last_name: 'Susanti' },
];
export const DEMO_WALK_IN = {
  first_name: 'Siti',
  last_name: 'Rahma',
  phone: '+6281200000004',
  email: 'siti@demo-salon.example',
};

/** Packages stay within FREE's item limit (3 per package), so they exist on either plan. */
export const DEMO_PACKAGES = [
  {
    name: 'Hair Care Bundle',
    description: 'Three haircuts, two creambaths and a blow dry.',
    items: [
      ['womens-haircut', 3],
      ['creambath', 2],
      ['blow-dry', 1],
    ] as const,
    package_price: 990000,
    validity_days: 180,
  },
  {
    name: 'Pamper Day',
    description: 'A facial, a Balinese massage and a spa pedicure.',
    items: [
      ['hydrating-facial', 1],
      ['balinese-massage', 1],
      ['spa-pedicure', 1],
    ] as const,
    package_price: 790000,
    validity_days: 90,
  },
  {
    name: 'Nail Lover 5+5',
    description: 'Five gel manicures and five spa pedicures.',
    items: [
      ['gel-manicure', 5],
      ['spa-pedicure', 5],
    ] as const,
    package_price: 1500000,
    validity_days: 365,
  },
];
