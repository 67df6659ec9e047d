/**
 * Word lists for people, places and companies. Australian-flavoured because the app's first retailers are:
 * states, four-digit postcodes, 02/03 landlines and 04 mobiles. Every list is plain ASCII without the
 * punctuation supplier comments forbid, so any combination is a valid value.
 */

// prettier-ignore
export const FIRST_NAMES = [
  'Olivia', 'Jack', 'Charlotte', 'Noah', 'Amelia', 'William', 'Isla', 'Oliver', 'Mia', 'Thomas', 'Ava',
  'James', 'Grace', 'Lucas', 'Chloe', 'Henry', 'Sophie', 'Ethan', 'Zoe', 'Leo', 'Ruby', 'Liam', 'Harper',
  'Samuel', 'Ella', 'Archie', 'Matilda', 'Max', 'Lily', 'Hamish', 'Priya', 'Arjun', 'Mei', 'Wei', 'Hana',
  'Kenji', 'Aroha', 'Tane', 'Fatima', 'Omar', 'Sofia', 'Mateo', 'Nina', 'Luca', 'Freya', 'Angus', 'Georgia',
  'Declan', 'Maya', 'Ravi', 'Anh', 'Minh', 'Lachlan', 'Imogen', 'Callum', 'Tahlia', 'Jasper', 'Eleanor',
  'Felix', 'Willow',
];

// prettier-ignore
export const SURNAMES = [
  'Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Nguyen', 'Johnson', 'Martin', 'White',
  'Anderson', 'Walker', 'Thompson', 'Harris', 'Lee', 'Ryan', 'Robinson', 'Kelly', 'King', 'Davis', 'Wright',
  'Evans', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Patel', 'Chen', 'Wang', 'Singh', 'Kaur',
  'Tran', 'Le', 'Kim', 'Park', 'Murphy', 'OBrien', 'Mitchell', 'Campbell', 'Stewart', 'Young', 'Scott',
  'Baker', 'Hughes', 'Morris', 'Edwards', 'Cooper', 'Russo', 'Rossi', 'Papadopoulos', 'Nakamura', 'Sato',
  'Haddad', 'Kowalski', 'Novak', 'Fraser', 'MacDonald', 'Ngata',
];

/** Suburb, state, postcode: enough distinct suburbs to name 50 outlets. */
// prettier-ignore
export const PLACES: readonly (readonly [string, string, string])[] = [
  ['Sydney', 'NSW', '2000'], ['Parramatta', 'NSW', '2150'], ['Chatswood', 'NSW', '2067'],
  ['Bondi Junction', 'NSW', '2022'], ['Penrith', 'NSW', '2750'], ['Newcastle', 'NSW', '2300'],
  ['Wollongong', 'NSW', '2500'], ['Castle Hill', 'NSW', '2154'], ['Liverpool', 'NSW', '2170'],
  ['Hornsby', 'NSW', '2077'], ['Miranda', 'NSW', '2228'], ['Alexandria', 'NSW', '2015'],
  ['Melbourne', 'VIC', '3000'], ['Richmond', 'VIC', '3121'], ['Chadstone', 'VIC', '3148'],
  ['Geelong', 'VIC', '3220'], ['Ballarat', 'VIC', '3350'], ['Doncaster', 'VIC', '3108'],
  ['Frankston', 'VIC', '3199'], ['Ringwood', 'VIC', '3134'], ['Bendigo', 'VIC', '3550'],
  ['Footscray', 'VIC', '3011'], ['Brisbane', 'QLD', '4000'], ['Chermside', 'QLD', '4032'],
  ['Southport', 'QLD', '4215'], ['Toowoomba', 'QLD', '4350'], ['Townsville', 'QLD', '4810'],
  ['Cairns', 'QLD', '4870'], ['Maroochydore', 'QLD', '4558'], ['Indooroopilly', 'QLD', '4068'],
  ['Perth', 'WA', '6000'], ['Fremantle', 'WA', '6160'], ['Joondalup', 'WA', '6027'], ['Morley', 'WA', '6062'],
  ['Bunbury', 'WA', '6230'], ['Adelaide', 'SA', '5000'], ['Marion', 'SA', '5043'], ['Glenelg', 'SA', '5045'],
  ['Mount Barker', 'SA', '5251'], ['Hobart', 'TAS', '7000'], ['Launceston', 'TAS', '7250'],
  ['Canberra', 'ACT', '2601'], ['Belconnen', 'ACT', '2617'], ['Darwin', 'NT', '0800'],
  ['Alice Springs', 'NT', '0870'], ['Orange', 'NSW', '2800'], ['Wagga Wagga', 'NSW', '2650'],
  ['Albury', 'NSW', '2640'], ['Mildura', 'VIC', '3500'], ['Mackay', 'QLD', '4740'],
  ['Rockhampton', 'QLD', '4700'], ['Port Macquarie', 'NSW', '2444'], ['Coffs Harbour', 'NSW', '2450'],
  ['Shepparton', 'VIC', '3630'], ['Dubbo', 'NSW', '2830'], ['Tamworth', 'NSW', '2340'],
];

/** Landline area code per state. */
export const AREA_CODES: Readonly<Record<string, string>> = {
  NSW: '02',
  ACT: '02',
  VIC: '03',
  TAS: '03',
  QLD: '07',
  WA: '08',
  SA: '08',
  NT: '08',
};

// prettier-ignore
export const STREETS = [
  'George', 'Pitt', 'King', 'Queen', 'Victoria', 'Elizabeth', 'Collins', 'Bourke', 'Flinders', 'Church',
  'Station', 'Railway', 'High', 'Main', 'Park', 'Mill', 'Harbour', 'Bridge', 'Market', 'Albert', 'Edward',
  'William', 'Macquarie', 'Hunter', 'Oxford', 'Smith', 'Chapel', 'Beach', 'Ocean', 'Wattle', 'Banksia',
  'Acacia', 'Industrial', 'Enterprise', 'Commercial', 'Factory', 'Warehouse', 'Dock', 'Wharf', 'Gum Tree',
];
export const STREET_TYPES = ['St', 'Rd', 'Ave', 'Pde', 'Dr', 'Ln', 'Hwy', 'Cres', 'Pl', 'Way'];

/** Supplier names are prefix + trade + suffix: 50 × 30 × 8 combinations, plenty for 2,000 distinct names. */
// prettier-ignore
export const SUPPLIER_PREFIXES = [
  'Harbour', 'Southern Cross', 'Pacific', 'Golden', 'Coastal', 'Summit', 'Redgum', 'Bluewater', 'Ironbark',
  'Silver Fern', 'Outback', 'Kingfisher', 'Coral', 'Granite', 'Evergreen', 'Wattle', 'Sunrise', 'Northern',
  'Tasman', 'Murray', 'Highland', 'Baybridge', 'Lighthouse', 'Orchard', 'Riverbend', 'Saltbush', 'Stonegate',
  'Westwind', 'Eastbay', 'Kookaburra', 'Banksia', 'Mariner', 'Copperleaf', 'Driftwood', 'Jacaranda',
  'Lantern', 'Meridian', 'Oakridge', 'Paperbark', 'Quarry', 'Rosella', 'Sandstone', 'Tidewater', 'Uluru',
  'Valley', 'Willowbank', 'Yarra', 'Zenith', 'Anchor', 'Bellbird',
];
// prettier-ignore
export const SUPPLIER_TRADES = [
  'Textile', 'Apparel', 'Homewares', 'Trading', 'Imports', 'Footwear', 'Outdoor', 'Leather', 'Ceramics',
  'Design', 'Knitwear', 'Denim', 'Goods', 'Merchants', 'Living', 'Threads', 'Craft', 'Linen', 'Gear',
  'Supply', 'Brands', 'Accessories', 'Collective', 'Studio', 'Distribution', 'Manufacturing', 'Industries',
  'Wholesale', 'Sourcing', 'Company',
];
export const SUPPLIER_SUFFIXES = [
  'Pty Ltd',
  'Co',
  'Group',
  'Ltd',
  'International',
  'Australia',
  'Pty',
  'Partners',
];

// prettier-ignore
export const SUPPLIER_COMMENTS = [
  'Preferred supplier for basics, call before 10am', 'Orders close Thursday for dispatch the following week',
  'Minimum order 500 dollars ex GST, freight free above 1500',
  'Rep visits quarterly, samples held at the Sydney office',
  'Confirm all indent orders in writing with the account manager',
  'Deliveries by pallet only, book a dock slot 48 hours ahead',
  'Carton labels must show the PO number and SKU', 'Seasonal ranges released in February and August',
  'Back orders ship automatically unless cancelled', 'Payment by EFT only, remittance to accounts',
  'Returns need an RA number before goods are sent back',
];

export const COMPANY_WORDS = [
  'Consulting',
  'Builders',
  'Cafe',
  'Design Studio',
  'Events',
  'Fitness',
  'Salon',
];
export const EMAIL_DOMAINS = ['example.com', 'example.net', 'mail.example', 'inbox.example'];
