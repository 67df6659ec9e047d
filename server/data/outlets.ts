/**
 * Outlets: retail stores named after their suburb plus one distribution centre per ~25 stores, which every
 * store replenishes from. The profile keeps the frozen references other records embed (see reference.ts
 * `shared`).
 */
import type { Outlet } from '../../src/api/resources';
import type { NamedValue } from '../state';
import { iso, workingMoment } from './clock';
import { rngOf, type GenContext } from './context';
import type { Rng } from './random';
import { byName, shared } from './reference';
import { AREA_CODES, PLACES, STREETS, STREET_TYPES } from './words';

export interface OutletProfile {
  readonly record: Outlet;
  /** `{id, name}` as purchase orders, customers, returns and credit notes embed it. Frozen, shared. */
  readonly ref: NamedValue;
  /** `{id, name, modified_on}` as product inventory embeds it. Frozen, shared. */
  readonly inventoryRef: { id: number; name: string; modified_on: string };
  readonly warehouse: boolean;
  readonly state: string;
}

const STORE_TYPES = [shared({ id: 1, name: 'Retail store' }), shared({ id: 2, name: 'Distribution centre' })];
const INVOICE_TEMPLATE = shared({ id: 1, name: 'Default invoice' });
const DC_PLACES: readonly (readonly [string, string, string])[] = [
  ['Eastern Creek', 'NSW', '2766'],
  ['Dandenong South', 'VIC', '3175'],
  ['Yatala', 'QLD', '4207'],
];
const CITY_CENTRES = new Set(['Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Adelaide', 'Hobart', 'Darwin']);

export function landline(rng: Rng, state: string): string {
  return `${AREA_CODES[state] ?? '02'} ${rng.int(5000, 9999)} ${rng.int(1000, 9999)}`;
}

export function streetAddress(rng: Rng): string {
  return `${rng.int(1, 420)} ${rng.pick(STREETS)} ${rng.pick(STREET_TYPES)}`;
}

/** An 11-digit Australian Business Number, grouped 2-3-3-3 as printed on invoices. */
export function abn(rng: Rng): string {
  return `${rng.int(10, 99)} ${rng.int(100, 999)} ${rng.int(100, 999)} ${rng.int(100, 999)}`;
}

export function generateOutlets(context: GenContext): OutletProfile[] {
  const rng = rngOf(context, 'outlets');
  const count = context.size.outlets;
  const warehouses = Math.min(DC_PLACES.length, Math.max(1, Math.round(count / 25)));
  const stores = count - warehouses;
  const australia = byName(context.reference.countries, 'Australia');
  const aud = context.reference.currencies[0]!;
  const groupAbn = abn(rng);
  const profiles: OutletProfile[] = [];

  for (let index = 0; index < count; index++) {
    const warehouse = index >= stores;
    const [suburb, state, postcode] = warehouse ? DC_PLACES[index - stores]! : PLACES[index % PLACES.length]!;
    const lap = Math.floor(index / PLACES.length);
    const base = warehouse ? `${suburb} DC` : CITY_CENTRES.has(suburb) ? `${suburb} CBD` : suburb;
    const name = lap > 0 ? `${base} ${lap + 1}` : base;
    // Every seventh store is a franchise: its own company and ABN, billed separately.
    const franchise = !warehouse && index % 7 === 6;
    const company = franchise
      ? `${suburb} Retail Pty Ltd`
      : warehouse
        ? 'Dockhand Logistics Pty Ltd'
        : 'Dockhand Retail Pty Ltd';
    const id = context.ids.take('outlets');
    const modified = workingMoment(rng, rng.int(5, 400));
    const record: Outlet = {
      id,
      name,
      external_reference: `${state}-${String(id).padStart(3, '0')}`,
      enabled: true,
      company_name: company,
      company_registration_number: franchise ? abn(rng) : groupAbn,
      company_registration_label: 'ABN',
      billing_type: franchise ? 2 : 1,
      fob_currency: aud,
      store_type: STORE_TYPES[warehouse ? 1 : 0]!,
      address: {
        address_line1: warehouse ? `${rng.int(2, 80)} Distribution Dr` : `Shop ${rng.int(1, 240)}`,
        address_line2: warehouse ? null : streetAddress(rng),
        suburb,
        state,
        postcode,
        country: australia.name,
      },
      bank_details: {
        bank_name: rng.pick(['Harbour Bank', 'Southern Mutual', 'First Coastal Bank']),
        account_name: company,
        account_number: String(rng.int(10_000_000, 99_999_999)),
      },
      default_source_outlet: null,
      default_fulfil_outlet: null,
      logo: rng.chance(0.5) ? { url: `https://cdn.dockhand.example/logos/${id}.png` } : null,
      invoice_email_template: INVOICE_TEMPLATE,
      phone: landline(rng, state),
      fax: rng.chance(0.2) ? landline(rng, state) : null,
      email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@dockhand.example`,
      minimum_replenishment_quantity: warehouse ? null : rng.pick([1, 2, 3, 6, 12]),
      invoice_receipt_comments: warehouse
        ? null
        : 'Thank you for shopping with us. Change of mind returns within 30 days.',
      purchase_order_comments: warehouse
        ? 'Pallets only, book a dock slot 48 hours ahead. Receiving 6am to 2pm weekdays.'
        : 'Deliveries 7am to 3pm weekdays, loading dock at rear.',
      display_address_on_invoice: !warehouse,
      modified_on: iso(modified),
    };
    profiles.push({
      record,
      ref: shared({ id, name }),
      inventoryRef: shared({ id, name, modified_on: record.modified_on }),
      warehouse,
      state,
    });
  }

  // Stores replenish from, and have web orders fulfilled by, the distribution centre nearest by list order.
  const centres = profiles.filter((profile) => profile.warehouse);
  profiles.forEach((profile, index) => {
    if (profile.warehouse) return;
    const centre = centres[index % centres.length]!;
    profile.record.default_source_outlet = centre.ref;
    profile.record.default_fulfil_outlet = centre.ref;
  });
  return profiles;
}
