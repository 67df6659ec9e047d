/**
 * Users and the closed value lists (statuses, countries, currencies, …). Their entries are frozen and
 * embedded as they are in every record that references them, so 200,000 items share one `{id, name}` per
 * status instead of each carrying a copy; a handler that changes a status replaces the reference, it never
 * edits it.
 */
import { PURCHASE_ORDER_STATUSES, SUPPLIER_RETURN_STATUSES } from '../../src/api/enums';
import type { Currency, NamedValue, ReferenceLists, User } from '../state';

/**
 * Freezes a shared object: mutating it throws (modules run in strict mode), so sharing can never leak an
 * edit.
 */
export function shared<T extends object>(value: T): T {
  Object.freeze(value);
  return value;
}

const named = (names: readonly string[], firstId = 1): NamedValue[] =>
  names.map((name, index) => shared({ id: firstId + index, name }));

/** The first user is the API key's user: records the app creates through the API carry it. */
export function generateUsers(): User[] {
  // prettier-ignore
  const people: [string, string, string][] = [
  ['DOCKHAND', 'Dockhand', 'Integration'], ['JSMITH', 'Jane', 'Smith'], ['MNGUYEN', 'Minh', 'Nguyen'],
  ['POCONNOR', 'Patrick', 'OConnor'], ['SPATEL', 'Sana', 'Patel'], ['RCHEN', 'Rebecca', 'Chen'],
  ];
  return people.map(([user_code, first_name, surname], index) =>
    shared({ id: index + 1, user_code, first_name, surname }),
  );
}

/**
 * Countries, the currency their suppliers invoice in, the port they ship from and their dialling code. Most
 * Asian factories invoice in US dollars, as they do in practice.
 */
// prettier-ignore
const COUNTRIES: readonly (readonly [name: string, currency: string, port: string | null, dial: string])[] = [
  ['Australia', 'AUD', null, '61'], ['New Zealand', 'NZD', 'Auckland', '64'],
  ['China', 'USD', 'Shanghai', '86'], ['Vietnam', 'USD', 'Ho Chi Minh City', '84'],
  ['India', 'USD', 'Nhava Sheva', '91'], ['Bangladesh', 'USD', 'Chittagong', '880'],
  ['Indonesia', 'USD', 'Tanjung Priok', '62'], ['Italy', 'EUR', 'Genoa', '39'],
  ['Portugal', 'EUR', 'Leixoes', '351'], ['Turkey', 'EUR', 'Izmir', '90'],
  ['United States', 'USD', 'Los Angeles', '1'], ['United Kingdom', 'GBP', 'Felixstowe', '44'],
  ['Japan', 'JPY', 'Yokohama', '81'], ['Thailand', 'USD', 'Laem Chabang', '66'],
  ['Cambodia', 'USD', 'Sihanoukville', '855'], ['Sri Lanka', 'USD', 'Colombo', '94'],
];

/** `aud` is the Australian dollar value of one unit, for landed costs. */
// prettier-ignore
const CURRENCIES: readonly (readonly [code: string, name: string, aud: number])[] = [
  ['AUD', 'Australian dollar', 1], ['NZD', 'New Zealand dollar', 0.91], ['USD', 'US dollar', 1.52],
  ['CNY', 'Chinese yuan', 0.21], ['EUR', 'Euro', 1.65], ['GBP', 'Pound sterling', 1.93],
  ['JPY', 'Japanese yen', 0.0102],
];

/** Where Australian-bound sea freight is discharged; the first is the default. */
export const DOMESTIC_PORTS = [
  'Port Botany',
  'Port of Melbourne',
  'Port of Brisbane',
  'Fremantle',
  'Port Adelaide',
];

export function generateReferenceLists(): ReferenceLists {
  return {
    purchaseOrderStatuses: named(PURCHASE_ORDER_STATUSES),
    supplierReturnStatuses: named(SUPPLIER_RETURN_STATUSES),
    supplierReturnItemSources: named(['Purchase order', 'Stock on hand', 'Customer return', 'Stocktake']),
    shippingStatuses: named(['Not shipped', 'Booked', 'Sailed', 'At port', 'Cleared customs', 'Delivered']),
    countries: named(COUNTRIES.map(([name]) => name)),
    currencies: CURRENCIES.map(([currency_code, currency_name], index) =>
      shared({ id: index + 1, currency_code, currency_name }),
    ),
    // Id 0 is "no variance": the item's variance_reason is not nullable, so unvaried lines still name one.
    varianceReasons: named(
      ['None', 'Short supplied', 'Over supplied', 'Damaged in transit', 'Wrong item'],
      0,
    ),
    customerTypes: named(['Retail', 'Trade', 'Wholesale', 'Staff', 'VIP']),
    salesChannels: named(['In store', 'Web store', 'Marketplace', 'Phone orders', 'Shopify POS']),
  };
}

/** Looks a value up by name; the names are this file's own constants, so a miss is a generator bug. */
export function byName<T extends NamedValue>(list: readonly T[], name: string): T {
  const found = list.find((entry) => entry.name === name);
  if (!found) throw new Error(`No reference value named ${name}`);
  return found;
}

export function currencyOfCountry(reference: ReferenceLists, country: NamedValue): Currency {
  const code = COUNTRIES.find(([name]) => name === country.name)?.[1] ?? 'AUD';
  return reference.currencies.find((currency) => currency.currency_code === code)!;
}

/** Australian dollars per unit of the currency: the invoice's currency conversion. */
export function audPerUnit(currency: Currency): number {
  return CURRENCIES.find(([code]) => code === currency.currency_code)?.[2] ?? 1;
}

/**
 * The port a supplier in that country ships from (domestic suppliers: null, the caller picks a local port).
 */
export function originPortName(country: NamedValue): string | null {
  return COUNTRIES.find(([name]) => name === country.name)?.[2] ?? null;
}

/** The international dialling code of a country (without the +). */
export function dialCode(country: NamedValue): string {
  return COUNTRIES.find(([name]) => name === country.name)?.[3] ?? '61';
}

/** Every port name, domestic first: the shipping ports the dataset starts with. */
export function allPortNames(): string[] {
  const origins = COUNTRIES.map(([, , port]) => port).filter((port): port is string => port !== null);
  return [...DOMESTIC_PORTS, ...origins];
}
