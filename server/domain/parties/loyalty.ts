/**
 * A customer's loyalty history and the survey segment groups (GET /customers/{id}/loyaltyhistory,
 * /customersurveysegments): read-only, generated data. Loyalty entries are reached through their customer, so
 * a missing customer is a 404 even where the entry id exists under another customer.
 */
import { loyaltyHistoryAccessors, searchPage, surveySegmentAccessors } from '../../search';
import { notFound } from '../../errors';
import type { HandlerContext } from '../context';
import { ok, type Handler } from '../context';
import { found, idParam, pathParam } from '../checks';

/** The entries of the customer the path names, or a 404 when there is no such customer. */
function historyOf(ctx: Pick<HandlerContext, 'state' | 'params'>) {
  const customerId = idParam(ctx.params);
  found(ctx.state.customers, customerId, 'customer');
  return { customerId, entries: ctx.state.loyaltyHistory.get(customerId) ?? [] };
}

const searchLoyaltyHistory: Handler<'searchLoyaltyHistory'> = (ctx) =>
  ok(
    searchPage(historyOf(ctx).entries, ctx.query, {
      op: 'searchLoyaltyHistory',
      accessors: loyaltyHistoryAccessors,
      idOf: (entry) => entry.id,
      view: (entry) => entry,
    }),
  );

const getLoyaltyHistoryEntry: Handler<'getLoyaltyHistoryEntry'> = (ctx) => {
  const { customerId, entries } = historyOf(ctx);
  const entryId = pathParam(ctx.params, 'loyalty_history_id', 'number');
  const entry = entries.find((candidate) => candidate.id === entryId);
  if (!entry) throw notFound(`loyalty history entry for customer ${customerId}`, entryId);
  return ok(entry);
};

const searchSurveySegments: Handler<'searchSurveySegments'> = (ctx) =>
  ok(
    searchPage(ctx.state.surveySegments.values(), ctx.query, {
      op: 'searchSurveySegments',
      accessors: surveySegmentAccessors,
      idOf: (group) => group.id,
      view: (group) => group,
    }),
  );

export const loyaltyHandlers = { searchLoyaltyHistory, getLoyaltyHistoryEntry, searchSurveySegments };
