import { describe, expect, it } from 'vitest';
import { parseFilter, parseOrder, parseSelect, type ParseResult, type QueryError } from './parse';
import type { SearchOperationId } from './searchFields';

function errorOf<T>(result: ParseResult<T>): QueryError {
  if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result.value)}`);
  return result.error;
}

const PO: SearchOperationId = 'searchPurchaseOrders';
const ITEMS: SearchOperationId = 'searchPurchaseOrderItems';
const CUSTOMERS: SearchOperationId = 'searchCustomers';

/** Asserts a filter_by rejection naming `clause` with `reason`. */
function rejectsFilter(op: SearchOperationId, text: string, clause: string, reason: string) {
  expect(errorOf(parseFilter(op, text))).toEqual({
    parameter: 'filter_by',
    clause,
    message: `filter_by clause "${clause}": ${reason}`,
  });
}

describe('parseFilter accepts', () => {
  it('typed values, date-times with colons, escapes and keyed fields', () => {
    expect(
      parseFilter(PO, 'id:eq:42,eta:gte:2026-03-01T10:30:00+10:00,status:in:OnOrder|Incomplete'),
    ).toEqual({
      ok: true,
      value: [
        { field: 'id', op: 'eq', values: [42] },
        { field: 'eta', op: 'gte', values: ['2026-03-01T10:30:00+10:00'] },
        { field: 'status', op: 'in', values: ['OnOrder', 'Incomplete'] },
      ],
    });
    expect(
      parseFilter(ITEMS, 'total_weight:lt:2.5e3,is_linked_to_transfer:eq:false,attribute:7:isnotnull'),
    ).toEqual({
      ok: true,
      value: [
        { field: 'total_weight', op: 'lt', values: [2500] },
        { field: 'is_linked_to_transfer', op: 'eq', values: [false] },
        { field: 'attribute', key: '7', op: 'isnotnull', values: [] },
      ],
    });
    expect(parseFilter(ITEMS, 'short_description:contains:a\\,b\\|c\\\\d:e')).toEqual({
      ok: true,
      value: [{ field: 'short_description', op: 'contains', values: ['a,b|c\\d:e'] }],
    });
    expect(parseFilter(CUSTOMERS, 'sales_channel:3:eq:true,created_on:gt:2026-01-31')).toEqual({
      ok: true,
      value: [
        { field: 'sales_channel', key: '3', op: 'eq', values: [true] },
        { field: 'created_on', op: 'gt', values: ['2026-01-31'] },
      ],
    });
  });

  it('isnull on nullable fields and isnullorempty on non-date fields', () => {
    expect(parseFilter(PO, 'eta:isnull,external_purchase_order_id:isnullorempty').ok).toBe(true);
  });
});

describe('parseFilter rejects', () => {
  it('empty text', () => {
    expect(errorOf(parseFilter(PO, ''))).toEqual({
      parameter: 'filter_by',
      clause: '',
      message: 'filter_by is empty: give at least one clause, or omit it',
    });
  });

  it('any filter on an operation without filter_by fields', () => {
    expect(errorOf(parseFilter('searchShipmentTypes', 'name:eq:Air'))).toEqual({
      parameter: 'filter_by',
      clause: 'name:eq:Air',
      message: 'filter_by "name:eq:Air": searchShipmentTypes has no filter_by fields',
    });
  });

  it.each([
    ['id:eq:1,,id:eq:2', 'filter_by clause #2 of 3 is empty: remove the stray comma'],
    ['id:eq:1,', 'filter_by clause #2 of 2 is empty: remove the stray comma'],
    [',id:eq:1', 'filter_by clause #1 of 2 is empty: remove the stray comma'],
  ])('empty clause in %j', (text, message) => {
    expect(errorOf(parseFilter(PO, text))).toEqual({ parameter: 'filter_by', clause: '', message });
  });

  it('unknown fields for the operation', () => {
    rejectsFilter(
      PO,
      'id:eq:1,colour:eq:red',
      'colour:eq:red',
      'unknown field "colour": searchPurchaseOrders cannot filter by it',
    );
    rejectsFilter(
      PO,
      'constructor:eq:1',
      'constructor:eq:1',
      'unknown field "constructor": searchPurchaseOrders cannot filter by it',
    );
  });

  it('missing and unknown operators', () => {
    rejectsFilter(PO, 'id', 'id', 'missing operator after "id"');
    rejectsFilter(PO, 'id:', 'id:', 'missing operator after "id"');
    rejectsFilter(
      PO,
      'id:like:4',
      'id:like:4',
      'unknown operator "like" (expected one of eq, neq, lt, lte, gt, gte, in, notin, contains, isnull, ' +
        'isnullorempty, isnotnull, startswith, endswith, doesnotcontain)',
    );
  });

  it.each(['isnull', 'isnotnull'])('%s on a non-nullable field', (op) => {
    rejectsFilter(
      PO,
      `modified_on:${op}`,
      `modified_on:${op}`,
      `operator "${op}" is not available for non-nullable field "modified_on"`,
    );
  });

  it.each(['contains', 'startswith', 'endswith', 'doesnotcontain'])('%s on a date field', (op) => {
    rejectsFilter(
      PO,
      `eta:${op}:2026`,
      `eta:${op}:2026`,
      `operator "${op}" is not available for date field "eta"`,
    );
  });

  it('isnullorempty on a date field, and the whole message names the clause', () => {
    rejectsFilter(
      PO,
      'eta:isnullorempty',
      'eta:isnullorempty',
      'operator "isnullorempty" is not available for date field "eta"',
    );
    expect(errorOf(parseFilter(PO, 'eta:contains:2026')).message).toBe(
      'filter_by clause "eta:contains:2026": operator "contains" is not available for date field "eta"',
    );
  });

  it.each(['lt', 'lte', 'gt', 'gte'])('%s on a string field', (op) => {
    rejectsFilter(
      PO,
      `supplier:${op}:M`,
      `supplier:${op}:M`,
      `operator "${op}" is not available for string field "supplier"`,
    );
  });

  it.each([
    [PO, 'id:eq:abc', 'value "abc" of integer field "id" is not an integer'],
    [PO, 'id:eq:1.5', 'value "1.5" of integer field "id" is not an integer'],
    [PO, 'id:eq:1e3', 'value "1e3" of integer field "id" is not an integer'],
    [
      PO,
      'id:eq:99999999999999999',
      'value "99999999999999999" of integer field "id" is outside the safe integer range',
    ],
    [PO, 'id:in:1|x|3', 'value "x" of integer field "id" is not an integer'],
    [ITEMS, 'total_weight:gt:heavy', 'value "heavy" of number field "total_weight" is not a number'],
    [ITEMS, 'total_weight:gt:.5', 'value ".5" of number field "total_weight" is not a number'],
    [ITEMS, 'total_weight:gt:Infinity', 'value "Infinity" of number field "total_weight" is not a number'],
    [
      ITEMS,
      'is_linked_to_transfer:eq:yes',
      'value "yes" of boolean field "is_linked_to_transfer" is not true or false',
    ],
    [
      ITEMS,
      'is_linked_to_transfer:eq:TRUE',
      'value "TRUE" of boolean field "is_linked_to_transfer" is not true or false',
    ],
    [PO, 'eta:gt:2026-13-01', 'value "2026-13-01" of date field "eta" is not an ISO date or date-time'],
    [
      PO,
      'eta:gt:2026-02-30T00:00:00Z',
      'value "2026-02-30T00:00:00Z" of date field "eta" is not an ISO date or date-time',
    ],
    [PO, 'eta:gt:yesterday', 'value "yesterday" of date field "eta" is not an ISO date or date-time'],
  ] as const)('%s %j: malformed value', (op, text, reason) => {
    rejectsFilter(op, text, text, reason);
  });

  it.each([
    ['id:eq', 'operator "eq" needs a value'],
    ['id:eq:', 'operator "eq" needs a value'],
    ['id:in:', 'operator "in" needs at least one value'],
    ['id:in:1||2', 'value #2 of operator "in" is empty'],
    ['id:notin:1|', 'value #2 of operator "notin" is empty'],
  ])('%j: missing value', (text, reason) => {
    rejectsFilter(PO, text, text, reason);
  });

  it.each([
    ['eta:isnull:2026-01-01', 'operator "isnull" takes no value, but the clause gives ":2026-01-01"'],
    ['eta:isnotnull:', 'operator "isnotnull" takes no value, but the clause gives ":"'],
  ])('%j: value given to a no-value operator', (text, reason) => {
    rejectsFilter(PO, text, text, reason);
  });

  it('keyed field without a key or with a non-integer key', () => {
    const needsKey = 'keyed field "sales_channel" needs an id segment: sales_channel:<id>:<operator>';
    rejectsFilter(CUSTOMERS, 'sales_channel:eq:true', 'sales_channel:eq:true', needsKey);
    rejectsFilter(CUSTOMERS, 'sales_channel', 'sales_channel', needsKey);
    rejectsFilter(CUSTOMERS, 'sales_channel::eq:true', 'sales_channel::eq:true', needsKey);
    rejectsFilter(
      CUSTOMERS,
      'sales_channel:web:eq:true',
      'sales_channel:web:eq:true',
      'key "web" of field "sales_channel" is not a whole-number id',
    );
    rejectsFilter(
      ITEMS,
      'attribute:1.5:isnotnull',
      'attribute:1.5:isnotnull',
      'key "1.5" of field "attribute" is not a whole-number id',
    );
    rejectsFilter(
      ITEMS,
      'attribute:-1:isnotnull',
      'attribute:-1:isnotnull',
      'key "-1" of field "attribute" is not a whole-number id',
    );
    rejectsFilter(ITEMS, 'attribute:4', 'attribute:4', 'missing operator after "attribute:4"');
  });

  it('a key on a non-keyed field', () => {
    rejectsFilter(
      CUSTOMERS,
      'id:5:eq:3',
      'id:5:eq:3',
      'field "id" is not keyed and takes no id segment, but the clause gives "5"',
    );
  });

  it('escaping mistakes', () => {
    rejectsFilter(
      PO,
      'id:eq:1,supplier:eq:abc\\',
      'supplier:eq:abc\\',
      'ends with a dangling "\\" (write a backslash as \\\\)',
    );
    rejectsFilter(
      PO,
      'supplier:eq:a\\nb',
      'supplier:eq:a\\nb',
      'unknown escape "\\n" in value "a\\nb": only \\\\, \\| and \\, are escapes',
    );
    rejectsFilter(
      PO,
      'supplier:eq:a|b',
      'supplier:eq:a|b',
      'value "a|b" has an unescaped "|", but only in and notin take several values (write a pipe as \\|)',
    );
  });
});

describe('parseOrder', () => {
  function rejectsOrder(op: SearchOperationId, text: string, clause: string, reason: string) {
    expect(errorOf(parseOrder(op, text))).toEqual({
      parameter: 'order_by',
      clause,
      message: `order_by clause "${clause}": ${reason}`,
    });
  }

  it('accepts entries, spaces around them, and keyed fields', () => {
    expect(parseOrder(CUSTOMERS, 'last_name asc, sales_channel:2 desc ,id desc')).toEqual({
      ok: true,
      value: [
        { field: 'last_name', direction: 'asc' },
        { field: 'sales_channel', key: '2', direction: 'desc' },
        { field: 'id', direction: 'desc' },
      ],
    });
    expect(parseOrder(CUSTOMERS, 'sales_channel:2 asc,sales_channel:3 asc').ok).toBe(true);
  });

  it('reads a bare field name as ascending, keyed fields too', () => {
    expect(parseOrder(CUSTOMERS, 'last_name, sales_channel:2,id desc')).toEqual({
      ok: true,
      value: [
        { field: 'last_name', direction: 'asc' },
        { field: 'sales_channel', key: '2', direction: 'asc' },
        { field: 'id', direction: 'desc' },
      ],
    });
  });

  it('rejects empty text, empty entries and operations without order_by', () => {
    expect(errorOf(parseOrder(PO, ' '))).toEqual({
      parameter: 'order_by',
      clause: '',
      message: 'order_by is empty: give at least one field, or omit it',
    });
    expect(errorOf(parseOrder(PO, 'id asc,'))).toEqual({
      parameter: 'order_by',
      clause: '',
      message: 'order_by entry #2 of 2 is empty: remove the stray comma',
    });
    expect(errorOf(parseOrder('searchShipmentTypes', 'id asc'))).toEqual({
      parameter: 'order_by',
      clause: 'id asc',
      message: 'order_by "id asc": searchShipmentTypes has no order_by fields',
    });
  });

  it('rejects unknown fields, including filter-only ones', () => {
    rejectsOrder(
      PO,
      'product_id asc',
      'product_id asc',
      'unknown field "product_id": searchPurchaseOrders cannot order by it',
    );
    rejectsOrder(
      ITEMS,
      'supplier_id desc',
      'supplier_id desc',
      'unknown field "supplier_id": searchPurchaseOrderItems cannot order by it',
    );
    rejectsOrder(
      'searchSupplierInvoices',
      'purchase_order_id asc',
      'purchase_order_id asc',
      'unknown field "purchase_order_id": searchSupplierInvoices cannot order by it',
    );
  });

  it('rejects directions other than asc/desc', () => {
    rejectsOrder(PO, 'id up', 'id up', 'direction "up" is not asc or desc');
    rejectsOrder(PO, 'id ASC', 'id ASC', 'direction "ASC" is not asc or desc');
    rejectsOrder(PO, 'id asc desc', 'id asc desc', 'expected "<field> asc|desc", got 3 words');
  });

  it('rejects duplicate fields', () => {
    rejectsOrder(
      PO,
      'id asc,eta desc,id desc',
      'id desc',
      'field "id" is already ordered by earlier in order_by',
    );
    rejectsOrder(
      ITEMS,
      'attribute:4 asc,attribute:4 desc',
      'attribute:4 desc',
      'field "attribute:4" is already ordered by earlier in order_by',
    );
  });

  it('rejects keyed fields without a good key, and keys on plain fields', () => {
    rejectsOrder(
      CUSTOMERS,
      'survey asc',
      'survey asc',
      'keyed field "survey" needs an id segment: survey:<id> asc|desc',
    );
    rejectsOrder(
      CUSTOMERS,
      'survey:x asc',
      'survey:x asc',
      'key "x" of field "survey" is not a whole-number id',
    );
    rejectsOrder(
      CUSTOMERS,
      'id:3 asc',
      'id:3 asc',
      'field "id" is not keyed and takes no id segment, but the entry gives "3"',
    );
  });
});

describe('parseSelect', () => {
  it('accepts the listed fields', () => {
    expect(parseSelect(ITEMS, 'id, po_id,product_supplier_buy_ex')).toEqual({
      ok: true,
      value: ['id', 'po_id', 'product_supplier_buy_ex'],
    });
    expect(parseSelect('searchSupplierReturnReasons', 'id')).toEqual({ ok: true, value: ['id'] });
  });

  it('rejects unknown and duplicate fields, empty text and entries, and operations without select', () => {
    expect(errorOf(parseSelect(ITEMS, 'id,eta'))).toEqual({
      parameter: 'select',
      clause: 'eta',
      message: 'select clause "eta": unknown field "eta": searchPurchaseOrderItems cannot select it',
    });
    expect(errorOf(parseSelect(ITEMS, 'id,po_id,id'))).toEqual({
      parameter: 'select',
      clause: 'id',
      message: 'select clause "id": field "id" is already selected earlier',
    });
    expect(errorOf(parseSelect(ITEMS, ''))).toEqual({
      parameter: 'select',
      clause: '',
      message: 'select is empty: give at least one field, or omit it',
    });
    expect(errorOf(parseSelect(ITEMS, 'id,,po_id'))).toEqual({
      parameter: 'select',
      clause: '',
      message: 'select entry #2 of 3 is empty: remove the stray comma',
    });
    expect(errorOf(parseSelect(PO, 'id'))).toEqual({
      parameter: 'select',
      clause: 'id',
      message: 'select "id": searchPurchaseOrders has no select fields',
    });
  });
});
