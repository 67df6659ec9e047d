/** The token, customers, delivery addresses, loyalty history and survey segments. */
import { CustomerCreateSchema, CustomerUpdateSchema, DeliveryAddressUpdateSchema } from '../requests';
import {
  AuthTokenSchema,
  CustomerSchema,
  DeliveryAddressSchema,
  LoyaltyHistoryEntrySchema,
  SurveySegmentGroupSchema,
} from '../resources';
import { operations, since } from './define';

const auth = operations('Authentication');
const op = operations('Customers');

const customer = op.records('/customers', 'a customer', CustomerSchema);

export const customerEndpoints = {
  getAuthToken: auth('GET', '/auth/token', {
    summary: 'Acquire a bearer token with the API key',
    auth: 'apiKey',
    response: AuthTokenSchema,
  }),
  searchCustomers: op.search('/customers', 'searchCustomers', {
    summary: 'Search customers',
    query: since,
    grammar: ['order_by', 'filter_by'],
    record: CustomerSchema,
  }),
  createCustomer: customer.create(CustomerCreateSchema),
  getCustomer: customer.read(),
  updateCustomer: customer.update(CustomerUpdateSchema),
  updateDeliveryAddress: op('PUT', '/customers/{id}/deliveryaddresses/{address_id}', {
    summary: "Update one of a customer's delivery addresses",
    body: DeliveryAddressUpdateSchema,
    response: DeliveryAddressSchema,
  }),
  searchLoyaltyHistory: op.search('/customers/{id}/loyaltyhistory', 'searchLoyaltyHistory', {
    summary: "Search a customer's loyalty history",
    grammar: ['filter_by', 'order_by'],
    record: LoyaltyHistoryEntrySchema,
  }),
  getLoyaltyHistoryEntry: op('GET', '/customers/{id}/loyaltyhistory/{loyalty_history_id}', {
    summary: 'Read one loyalty history entry',
    response: LoyaltyHistoryEntrySchema,
  }),
  searchSurveySegments: op.search('/customersurveysegments', 'searchSurveySegments', {
    summary: 'Search customer survey segment groups',
    grammar: ['order_by', 'filter_by'],
    record: SurveySegmentGroupSchema,
  }),
};
