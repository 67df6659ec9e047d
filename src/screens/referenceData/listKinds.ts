/**
 * The Lists area's sub-navigation as data: one row per reference list, giving its path segment
 * (`#/lists/shipping-ports`), its label, its cache table and, for the lists the app edits, which of the
 * `{name}` lists it is (src/db/referenceData/namedLists.ts). The screen draws the sub-navigation and routes
 * from it, as the sections table does for the app (src/sections.ts).
 */
import type { ListTable } from '../../db/referenceData/listRows';
import { NAMED_LISTS, type NamedList } from '../../db/referenceData/namedLists';

export interface ListKind {
  /** The path segment after `lists/`. */
  part: string;
  label: string;
  /** One record, in words: "shipping port". */
  noun: string;
  table: ListTable;
  /** The `{name}` list it is, when the app can create (and maybe rename) its records. */
  named: NamedList | null;
  /** Served by id only: the cache knows some, and one can be opened by id (src/db/byIdRequests.ts). */
  byId: boolean;
  /** What the list is, and where its records come from, under its heading. */
  intro: string;
}

export const LIST_KINDS: readonly ListKind[] = [
  {
    part: 'return-reasons',
    label: 'Return reasons',
    noun: 'return reason',
    table: 'returnReasons',
    named: NAMED_LISTS.returnReasons,
    byId: false,
    intro: 'Why goods go back to a supplier. A deleted reason stays on the returns filed under it.',
  },
  {
    part: 'shipping-ports',
    label: 'Shipping ports',
    noun: 'shipping port',
    table: 'shippingPorts',
    named: NAMED_LISTS.shippingPorts,
    byId: true,
    intro:
      'The back office gives ports out one at a time, by id: these are the ports this computer knows (those its suppliers and orders name, and those made or opened here).',
  },
  {
    part: 'shipment-types',
    label: 'Shipment types',
    noun: 'shipment type',
    table: 'shipmentTypes',
    named: NAMED_LISTS.shipmentTypes,
    byId: false,
    intro: 'How goods travel (sea, air, courier…). Shipment types can be renamed but not deleted.',
  },
  {
    part: 'fixed-price-groups',
    label: 'Fixed price groups',
    noun: 'fixed price group',
    table: 'fixedPriceGroups',
    named: NAMED_LISTS.fixedPriceGroups,
    byId: false,
    intro: 'Price groups with fixed prices. The back office lets Dockhand add one, not rename or delete it.',
  },
  {
    part: 'standard-price-groups',
    label: 'Standard price groups',
    noun: 'standard price group',
    table: 'standardPriceGroups',
    named: null,
    byId: false,
    intro: 'Price groups customers belong to. They are set up in the back office and read-only here.',
  },
  {
    part: 'outlets',
    label: 'Outlets',
    noun: 'outlet',
    table: 'outlets',
    named: null,
    byId: true,
    intro:
      'The stores and warehouses this computer knows (those its orders name, and those opened by id). Read-only here.',
  },
];

/** The list a path segment names; the first (return reasons) for none or an unknown one. */
export function listKindOf(part: string | undefined): ListKind {
  return LIST_KINDS.find((kind) => kind.part === part) ?? LIST_KINDS[0]!;
}
