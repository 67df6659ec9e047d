/**
 * Reference data, the auth token and the problem body (./returnReason.ts, ./shipping.ts, ./priceGroup.ts,
 * ./token.ts, ./problem.ts).
 */
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  sampleAuthToken,
  sampleFixedPriceGroup,
  sampleProblem,
  sampleShipmentType,
  sampleShippingPort,
  sampleStandardPriceGroup,
  sampleSupplierReturnReason,
} from './fixtures';
import { FixedPriceGroupSchema, StandardPriceGroupSchema } from './priceGroup';
import { ProblemSchema } from './problem';
import { SupplierReturnReasonSchema } from './returnReason';
import { ShipmentTypeSchema, ShippingPortSchema } from './shipping';
import { edited, INT32_OVERFLOW, issueKeys, rejectsEach, REMOVE } from '../testing';
import { AuthTokenSchema } from './token';

describe('SupplierReturnReasonSchema', () => {
  rejectsEach(test, SupplierReturnReasonSchema, sampleSupplierReturnReason, [
    ['deleted', ['deleted'], null],
    ['created_on', ['created_on'], null],
    ['deleted_on', ['deleted_on'], 'gone'],
    ['id', ['id'], INT32_OVERFLOW],
  ]);

  test('deleted defaults to false when missing', () => {
    const parsed = SupplierReturnReasonSchema.parse(
      edited(sampleSupplierReturnReason(), ['deleted'], REMOVE),
    );
    expect(parsed.deleted).toBe(false);
  });

  test('a soft-deleted reason', () => {
    const reason = sampleSupplierReturnReason({
      deleted: true,
      deleted_on: '2026-03-05T08:00:00Z',
      name: null,
    });
    expect(issueKeys(SupplierReturnReasonSchema, reason)).toEqual([]);
  });
});

describe('ShippingPortSchema and ShipmentTypeSchema', () => {
  test.each<[string, z.ZodType, unknown]>([
    ['name', ShippingPortSchema, sampleShippingPort({ name: 'x'.repeat(101) })],
    ['id', ShippingPortSchema, edited(sampleShippingPort(), ['id'], null)],
    ['id', ShippingPortSchema, sampleShippingPort({ id: INT32_OVERFLOW })],
    ['name', ShipmentTypeSchema, sampleShipmentType({ name: 'x'.repeat(51) })],
    ['id', ShipmentTypeSchema, sampleShipmentType({ id: 1.5 })],
  ])('rejects %s', (key, schema, value) => {
    expect(issueKeys(schema, value)).toContain(key);
  });

  test('bounds and nullability as the API lists them', () => {
    expect(issueKeys(ShippingPortSchema, sampleShippingPort({ name: 'x'.repeat(100) }))).toEqual([]);
    expect(issueKeys(ShippingPortSchema, sampleShippingPort({ name: null }))).toEqual([]);
    expect(issueKeys(ShipmentTypeSchema, sampleShipmentType({ id: null, name: 'x'.repeat(50) }))).toEqual([]);
  });
});

describe('price groups', () => {
  test.each([
    ['fixed', FixedPriceGroupSchema, sampleFixedPriceGroup],
    ['standard', StandardPriceGroupSchema, sampleStandardPriceGroup],
  ] as const)('%s: name is nullable, id and modified_on are not', (_kind, schema, sample) => {
    expect(issueKeys(schema, sample({ name: null }))).toEqual([]);
    expect(issueKeys(schema, edited(sample(), ['id'], null))).toContain('id');
    expect(issueKeys(schema, edited(sample(), ['modified_on'], '2026'))).toContain('modified_on');
  });
});

describe('AuthTokenSchema', () => {
  rejectsEach(test, AuthTokenSchema, sampleAuthToken, [
    ['token_type', ['token_type'], 'bearer'],
    ['token_type', ['token_type'], 'Basic'],
    ['access_token', ['access_token'], ''],
    ['access_token', ['access_token'], null],
    ['expires_on', ['expires_on'], 3600],
    ['expires_on', ['expires_on'], REMOVE],
  ]);
});

describe('ProblemSchema', () => {
  test('accepts and keeps extra properties and a field-level errors map', () => {
    const body = {
      ...sampleProblem({ status: 400, title: 'Bad Request' }),
      errors: { 'supplier.name': ['Too big: expected string to have <=50 characters'] },
      traceId: '00-4bf92f3577b34da6-01',
    };
    expect(ProblemSchema.parse(body)).toEqual(body);
  });

  test('every member is nullable and may be absent, so no error body is ever unreadable', () => {
    expect(issueKeys(ProblemSchema, {})).toEqual([]);
    expect(
      issueKeys(ProblemSchema, { type: null, title: null, status: null, detail: null, instance: null }),
    ).toEqual([]);
  });

  rejectsEach(test, ProblemSchema, sampleProblem, [
    ['status', ['status'], '404'],
    ['status', ['status'], INT32_OVERFLOW],
    ['title', ['title'], 404],
    ['errors.name', ['errors'], { name: 'required' }],
    ['errors.name[0]', ['errors'], { name: [1] }],
  ]);
});
