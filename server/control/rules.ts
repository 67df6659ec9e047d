/**
 * Injected business rules: extra bounds on request bodies that a real back office might enforce and the
 * API does not (a maximum order quantity, say). End-to-end tests use them to make the server reject an edit
 * the client's contract accepts, so the "server rejection → problem detail → edit and retry" path is real.
 *
 * A rule names an operation id and a body field path, where `[]` means "every element of this array":
 * `purchase_order_items[].quantity_ordered`. A breach answers 400 with the field-level `errors` map keyed the
 * way the contract's own validation keys it (`purchase_order_items[1].quantity_ordered`).
 */
import { z } from 'zod';
import type { FieldErrors } from '../../src/api/fieldErrors';

export const BodyRuleSchema = z
  .strictObject({
    operation: z.string().min(1).max(100),
    field: z
      .string()
      .min(1)
      .max(300)
      .regex(/^[A-Za-z_][\w]*(\[\])?(\.[A-Za-z_][\w]*(\[\])?)*$/, 'a dotted path, [] after an array'),
    min: z.number().optional(),
    max: z.number().optional(),
    message: z.string().max(300).optional(),
  })
  .refine((rule) => rule.min !== undefined || rule.max !== undefined, 'a rule needs min or max');
export type BodyRule = z.infer<typeof BodyRuleSchema>;
export const BodyRulesSchema = z.array(BodyRuleSchema).max(100);

/** Every (path, value) the field path reaches in the body: arrays marked [] fan out per element. */
function reach(value: unknown, segments: readonly string[], path: string): [string, unknown][] {
  if (segments.length === 0) return [[path, value]];
  const [head, ...rest] = segments as [string, ...string[]];
  const many = head.endsWith('[]');
  const name = many ? head.slice(0, -2) : head;
  if (value === null || typeof value !== 'object' || !Object.hasOwn(value, name)) return [];
  const child = (value as Record<string, unknown>)[name];
  const childPath = path ? `${path}.${name}` : name;
  if (!many) return reach(child, rest, childPath);
  if (!Array.isArray(child)) return [];
  return child.flatMap((element, index) => reach(element, rest, `${childPath}[${index}]`));
}

export class BodyRules {
  private rules: BodyRule[] = [];

  /** Replaces every rule; throws a ZodError on invalid input. */
  set(input: unknown): BodyRule[] {
    this.rules = BodyRulesSchema.parse(input);
    return this.get();
  }

  get(): BodyRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  /** The breaches of `operation`'s rules by `body`; empty when it passes. */
  check(operation: string, body: unknown): FieldErrors {
    const errors = Object.create(null) as FieldErrors;
    for (const rule of this.rules) {
      if (rule.operation !== operation) continue;
      for (const [path, value] of reach(body, rule.field.split('.'), '')) {
        if (typeof value !== 'number') continue;
        const low = rule.min !== undefined && value < rule.min;
        const high = rule.max !== undefined && value > rule.max;
        if (!low && !high) continue;
        const bound = high ? `at most ${rule.max}` : `at least ${rule.min}`;
        (errors[path] ??= []).push(rule.message ?? `Must be ${bound}`);
      }
    }
    return errors;
  }
}
