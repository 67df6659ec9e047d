/**
 * GET /outlets/{id} and the price groups (/pricegroups/standard, /pricegroups/fixed). Outlets and standard
 * price groups are read-only generated data; fixed price groups can also be created, on the shared `{name}`
 * implementation.
 */
import type { FixedPriceGroup, StandardPriceGroup } from '../../../src/api/resources';
import { priceGroupAccessors, searchPage } from '../../search';
import { ok, type Handler } from '../context';
import { namedRecords } from './namedRecords';
import { found, idParam } from '../checks';

const fixedGroups = namedRecords({
  map: 'fixedPriceGroups',
  what: 'fixed price group',
  create: (id, name, now) => ({ id, name, modified_on: now }),
  rename: (group, name, now) => ({ ...group, name, modified_on: now }),
});

const getOutlet: Handler<'getOutlet'> = (ctx) => ok(found(ctx.state.outlets, idParam(ctx.params), 'outlet'));

/** Both price group lists are searched alike: order_by and paging over `{id, name, modified_on}`. */
const searchOptions = <G extends StandardPriceGroup | FixedPriceGroup>(
  op: 'searchStandardPriceGroups' | 'searchFixedPriceGroups',
) => ({ op, accessors: priceGroupAccessors, idOf: (group: G) => group.id, view: (group: G) => group });

const searchStandardPriceGroups: Handler<'searchStandardPriceGroups'> = (ctx) =>
  ok(
    searchPage(ctx.state.standardPriceGroups.values(), ctx.query, searchOptions('searchStandardPriceGroups')),
  );

const searchFixedPriceGroups: Handler<'searchFixedPriceGroups'> = (ctx) =>
  ok(searchPage(ctx.state.fixedPriceGroups.values(), ctx.query, searchOptions('searchFixedPriceGroups')));

export const outletHandlers = {
  getOutlet,
  searchStandardPriceGroups,
  searchFixedPriceGroups,
  createFixedPriceGroup: fixedGroups.create,
};
