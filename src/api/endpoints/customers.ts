/** The token, customers, delivery addresses, loyalty history and survey segments. */
import { z } from 'zod';
import { pageOf } from '../primitives';
import { CustomerCreateSchema, CustomerUpdateSchema, DeliveryAddressUpdateSchema } from '../requests';
import {
  AuthTokenSchema,
  CustomerSchema,
  DeliveryAddressSchema,
  LoyaltyHistoryEntrySchema,
  SurveySegmentGroupSchema,
} from '../resources';
import { filterBy, operations, orderBy, paging, since } from './define';

const auth = operations('Authentication');
const op = operations('Customers');

export const customerEndpoints = {
  getAuthToken: auth('GET', '/auth/token', {
    summary: 'Acquire a bearer token with the API key',
    auth: 'apiKey',
    response: AuthTokenSchema,
  }),
  searchCustomers: op('GET', '/customers', {
    summary: 'Search customers',
    query: z.strictObject({
      ...since,
      order_by: orderBy('searchCustomers'),
      filter_by: filterBy('searchCustomers'),
      ...paging,
    }),
    response: pageOf(CustomerSchema),
    search: 'searchCustomers',
  }),
  createCustomer: op('POST', '/customers', {
    summary: 'Create a customer',
    body: CustomerCreateSchema,
    response: CustomerSchema,
  }),
  getCustomer: op('GET', '/customers/{id}', { summary: 'Read a customer', response: CustomerSchema }),
  updateCustomer: op('PUT', '/customers/{id}', {
    summary: 'Update a customer',
    body: CustomerUpdateSchema,
    response: CustomerSchema,
  }),
  updateDeliveryAddress: op('PUT', '/customers/{id}/deliveryaddresses/{address_id}', {
    summary: "Update one of a customer's delivery addresses",
    body: DeliveryAddressUpdateSchema,
    response: DeliveryAddressSchema,
  }),
  searchLoyaltyHistory: op('GET', '/customers/{id}/loyaltyhistory', {
    summary: "Search a customer's loyalty history",
    query: z.strictObject({
      filter_by: filterBy('searchLoyaltyHistory'),
      order_by: orderBy('searchLoyaltyHistory'),
      ...paging,
    }),
    response: pageOf(LoyaltyHistoryEntrySchema),
    search: 'searchLoyaltyHistory',
  }),
  getLoyaltyHistoryEntry: op('GET', '/customers/{id}/loyaltyhistory/{loyalty_history_id}', {
    summary: 'Read one loyalty history entry',
    response: LoyaltyHistoryEntrySchema,
  }),
  searchSurveySegments: op('GET', '/customersurveysegments', {
    summary: 'Search customer survey segment groups',
    query: z.strictObject({
      order_by: orderBy('searchSurveySegments'),
      filter_by: filterBy('searchSurveySegments'),
      ...paging,
    }),
    response: pageOf(SurveySegmentGroupSchema),
    search: 'searchSurveySegments',
  }),
};
