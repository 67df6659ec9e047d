/**
 * The small editable lists: supplier return reasons (two soft-deleted), shipping ports, shipment types, price
 * groups and customer survey segment groups. They are the same in both datasets: real back offices have a
 * handful of each, whatever their size.
 */
import type {
  FixedPriceGroup,
  ShipmentType,
  ShippingPort,
  StandardPriceGroup,
  SupplierReturnReason,
  SurveySegmentGroup,
} from '../../src/api/resources';
import type { SimState } from '../state';
import { DAY_MS, iso, workingMoment } from './clock';
import { rngOf, type GenContext } from './context';
import { allPortNames } from './reference';

// prettier-ignore
const RETURN_REASONS: readonly (readonly [name: string, deleted: boolean])[] = [
  ['Damaged in transit', false], ['Faulty', false], ['Wrong item supplied', false], ['Over supplied', false],
  ['Not as ordered', false], ['Customer return - faulty', false], ['Recalled by supplier', false],
  ['Quality issue', false], ['End of season - agreed return', false], ['Overstock - agreed return', true],
  ['Promotion ended', true],
];

const SHIPMENT_TYPES = [
  'Sea freight FCL',
  'Sea freight LCL',
  'Air freight',
  'Road freight',
  'Courier',
  'Rail',
];
const STANDARD_PRICE_GROUPS = ['Wholesale', 'Trade', 'VIP', 'Corporate'];
const FIXED_PRICE_GROUPS = ['Staff', 'Clearance', 'Member price', 'School uniform'];

/** Survey segment groups and the answers customers give; the last group is retired (inactive). */
type SurveyGroup = readonly [question: string, active: boolean, answers: readonly string[]];
// prettier-ignore
export const SURVEY_GROUPS: readonly SurveyGroup[] = [
  ['How did you hear about us', true, ['Friend', 'Instagram', 'Walked past', 'Google', 'Radio']],
  ['Preferred contact time', true, ['Morning', 'Afternoon', 'Evening']],
  ['Main interest', true, ['Apparel', 'Footwear', 'Homewares', 'Outdoor']],
  ['Age bracket', true, ['Under 25', '25 to 39', '40 to 59', '60 and over']],
  ['Catalogue preference 2023', false, ['Print', 'Email', 'None']],
];

/** The lists as the state holds them (../state.ts). */
export type Lookups = Pick<
  SimState,
  | 'returnReasons'
  | 'shippingPorts'
  | 'shipmentTypes'
  | 'standardPriceGroups'
  | 'fixedPriceGroups'
  | 'surveySegments'
>;

export function generateLookups(context: GenContext): Lookups {
  const rng = rngOf(context, 'lookups');
  const { ids } = context;

  const returnReasons = new Map<number, SupplierReturnReason>();
  for (const [name, deleted] of RETURN_REASONS) {
    const created = workingMoment(rng, rng.int(900, 1400));
    const modified = created + rng.int(0, 400) * DAY_MS;
    const id = ids.take('returnReasons');
    returnReasons.set(id, {
      id,
      name,
      created_on: iso(created),
      modified_on: iso(modified),
      deleted,
      // A soft delete is the reason's last change, so it is also when it was last modified.
      deleted_on: deleted ? iso(modified) : null,
    });
  }

  const shippingPorts = new Map<number, ShippingPort>();
  for (const name of allPortNames()) {
    const id = ids.take('shippingPorts');
    shippingPorts.set(id, { id, name });
  }

  const shipmentTypes = new Map<number, ShipmentType>();
  for (const name of SHIPMENT_TYPES) {
    const id = ids.take('shipmentTypes');
    shipmentTypes.set(id, { id, name });
  }

  const standardPriceGroups = new Map<number, StandardPriceGroup>();
  for (const name of STANDARD_PRICE_GROUPS) {
    const id = ids.take('standardPriceGroups');
    standardPriceGroups.set(id, { id, name, modified_on: iso(workingMoment(rng, rng.int(30, 700))) });
  }
  const fixedPriceGroups = new Map<number, FixedPriceGroup>();
  for (const name of FIXED_PRICE_GROUPS) {
    const id = ids.take('fixedPriceGroups');
    fixedPriceGroups.set(id, { id, name, modified_on: iso(workingMoment(rng, rng.int(30, 700))) });
  }

  const surveySegments = new Map<number, SurveySegmentGroup>();
  for (const [name, active] of SURVEY_GROUPS) {
    const id = ids.take('surveySegments');
    surveySegments.set(id, { id, name, active });
  }

  return {
    returnReasons,
    shippingPorts,
    shipmentTypes,
    standardPriceGroups,
    fixedPriceGroups,
    surveySegments,
  };
}
