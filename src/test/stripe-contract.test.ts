import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { enumsOf, openapiSubset } from '@/test/stripe-contract';
import {
  NEWER_ENUM_VALUES,
  NEWER_OBJECTS,
  NEWER_PARAMS,
  NEWER_PATHS,
  PINNED_PAIR,
  REMOVED_FIELDS,
  type SdkType,
} from '@/test/stripe-contract-gaps';
import { StandInError, startStripeStandIn, type StripeStandIn } from '@/test/stripe-stand-in';

/**
 * The contract check itself (docs/decisions/0045): it catches what breaks Stripe's OpenAPI document on either side
 * of the wire, the document and the SDK stay the pinned pair, and every gap between the two is still one.
 */

let standIn: StripeStandIn | undefined;
afterEach(async () => {
  standIn?.contractViolations.splice(0);
  await standIn?.close();
  standIn = undefined;
});

async function client() {
  standIn = await startStripeStandIn();
  return new Stripe(standIn.secretKey, { ...standIn.api, maxNetworkRetries: 0 });
}

describe('a break of the document', () => {
  it('in a request: refused with 400 as Stripe would, and the stand-in cannot close over it', async () => {
    const stripe = await client();
    // A typo one level down: the stand-in's own routes only refuse unknown top-level parameters.
    const params = { currency: 'jpy', unit_amount: 550, recurring: { interval: 'month' as const } };
    const refused = stripe.prices.create({ ...params, product_data: { name: '月額', nmae: 'x' } as never });
    await expect(refused).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: expect.stringContaining(
        "POST /v1/prices request body: /product_data must NOT have additional properties (nmae) (Stripe's OpenAPI document 2023-08-16)",
      ),
    });
    const closing = standIn!.close();
    standIn = undefined;
    await expect(closing).rejects.toThrow(/Stripe's contract was broken:\nPOST \/v1\/prices request body/);
  });

  it('in an event or an answer of the stand-in: a throw or a 500 naming the field', async () => {
    const stripe = await client();
    const customer = await stripe.customers.create({ email: 'fan@example.jp' });
    // Stripe's customers have a number for a balance; a stand-in that drifted to a string is caught.
    expect(() =>
      standIn!.emit('customer.updated', { ...standIn!.customer(customer.id), balance: '0' }),
    ).toThrow(/event customer\.updated data\.object \(customer\): \/balance must be integer/);
    const subscriptionLike = { ...standIn!.customer(customer.id), object: 'subscription' };
    expect(() => standIn!.emit('customer.subscription.updated', subscriptionLike)).toThrow(
      /data\.object \(subscription\): \/ must have required property 'billing_cycle_anchor'/,
    );
    // An error body is an answer too: Stripe has no error type `card_errr`.
    standIn!.failNext(
      'GET /v1/customers/:id',
      new StandInError(402, { type: 'card_errr' as never, message: 'x' }),
    );
    await expect(stripe.customers.retrieve(customer.id)).rejects.toMatchObject({
      statusCode: 500,
      message: expect.stringMatching(
        /GET \/v1\/customers\/cus_\w+ → 402 answer: \/error\/type must be equal to/,
      ),
    });
    // Each break is kept, a line each, for close() to report.
    expect(standIn!.contractViolations).toContainEqual(expect.stringMatching(/\/balance must be integer/));
    expect(standIn!.contractViolations).toContainEqual(
      expect.stringMatching(/answer: \/error\/type must be/),
    );
  });
});

describe('the pinned pair', () => {
  it('is the installed SDK’s API version and the document in spec-subset.json', () => {
    expect(
      Stripe.API_VERSION,
      `stripe now speaks API ${Stripe.API_VERSION}; the contract was checked for ${PINNED_PAIR.sdkApiVersion}. ` +
        'Re-check src/test/stripe-contract-gaps.ts against node_modules/stripe/CHANGELOG.md since then (new ' +
        'parameters the app sends, removed fields, new paths), re-cut spec-subset.json from a newer stripe/openapi ' +
        'commit if one can be had (scripts/stripe-openapi-subset.mjs), then update PINNED_PAIR and decision 0045.',
    ).toBe(PINNED_PAIR.sdkApiVersion);
    const { infoVersion, commit } = openapiSubset().info;
    expect({ infoVersion, commit }).toEqual(PINNED_PAIR.document);
  });
});

const SDK_ROOT = path.resolve(path.dirname(createRequire(import.meta.url).resolve('stripe')), '..');

/** The field names of a type in the SDK's declarations (`Invoice`, or `Namespace.Inner` one level down). */
function sdkFields({ file, type }: SdkType): string[] {
  const text = readFileSync(path.join(SDK_ROOT, 'cjs', 'resources', `${file}.d.ts`), 'utf8');
  const between = (whole: string, start: string, end: string) => {
    const from = whole.indexOf(start);
    if (from < 0) throw new Error(`${start} not found in ${file}.d.ts`);
    return whole.slice(from + start.length, whole.indexOf(end, from + start.length));
  };
  const [outer, inner] = type.split('.');
  const body = inner
    ? between(
        between(text, `export declare namespace ${outer} {`, '\n}'),
        `\n    interface ${inner} {`,
        '\n    }',
      )
    : between(text, `export interface ${outer} {`, '\n}');
  const indent = inner ? 8 : 4;
  return [...body.matchAll(new RegExp(`^ {${indent}}(\\w+)\\??:`, 'gm'))].map((match) => match[1]!);
}

/** The values of an enum type alias in the SDK's declarations (`PaymentIntent.CancellationReason`). */
function sdkEnumValues({ file, type }: SdkType): string[] {
  const text = readFileSync(path.join(SDK_ROOT, 'cjs', 'resources', `${file}.d.ts`), 'utf8');
  const [outer, inner] = type.split('.');
  const namespace = text.indexOf(`export declare namespace ${outer} {`);
  const line = new RegExp(`^ {4}type ${inner} = (.*);$`, 'm').exec(text.slice(namespace));
  if (namespace < 0 || !line) throw new Error(`${type} not found in ${file}.d.ts`);
  return [...line[1]!.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
}

type Schema = { properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] };
/** Whether the document's schema has the dotted parameter (through arrays and anyOf). */
function documentHas(schema: Schema | undefined, dotted: string[]): boolean {
  if (!schema) return false;
  if (dotted.length === 0) return true;
  if (schema.anyOf) return schema.anyOf.some((branch) => documentHas(branch, dotted));
  if (schema.items) return documentHas(schema.items, dotted);
  return documentHas(schema.properties?.[dotted[0]!], dotted.slice(1));
}

describe('each gap between the document and the SDK', () => {
  const { paths, schemas } = openapiSubset();

  it.each(
    Object.entries(NEWER_PARAMS).flatMap(([operation, params]) => params.map((p) => [operation, p] as const)),
  )('a newer request parameter: %s %o is in the SDK and not in the document', (operation, { param, sdk }) => {
    const [method, template] = operation.split(' ') as [string, string];
    const body = paths[template]?.[method.toLowerCase() as 'post'];
    expect(body, `${operation} is in the document`).toBeDefined();
    expect(documentHas(body?.body as Schema, param.split('.'))).toBe(false);
    expect(sdkFields(sdk)).toContain(param.split('.').at(-1));
  });

  it.each(Object.entries(REMOVED_FIELDS))(
    'a removed field: %s %o is required by the document and not in the SDK',
    (object, { fields, sdk }) => {
      const raw = JSON.parse(
        readFileSync(new URL('./stripe-openapi/spec-subset.json', import.meta.url), 'utf8'),
      ) as {
        schemas: Record<string, { required?: string[] }>;
      };
      for (const field of fields) expect(raw.schemas[object]?.required).toContain(field);
      const inSdk = sdkFields(sdk);
      for (const field of fields) {
        expect(schemas[object]?.required ?? []).not.toContain(field);
        expect(inSdk).not.toContain(field);
      }
    },
  );

  it.each(Object.entries(NEWER_ENUM_VALUES))(
    'a newer enum value: %s %o is in the SDK and not in the document',
    (dotted, { values, sdk }) => {
      const [object, field] = dotted.split('.') as [string, string];
      const raw = JSON.parse(
        readFileSync(new URL('./stripe-openapi/spec-subset.json', import.meta.url), 'utf8'),
      ) as ReturnType<typeof openapiSubset>;
      const documented = enumsOf(raw.schemas[object]?.properties?.[field]);
      expect(documented, `${dotted} is an enum in the document`).not.toHaveLength(0);
      for (const value of values) {
        for (const allowed of documented) expect(allowed).not.toContain(value);
        for (const allowed of enumsOf(schemas[object]?.properties?.[field])) expect(allowed).toContain(value);
        expect(sdkEnumValues(sdk)).toContain(value);
      }
    },
  );

  it('newer paths and objects are not in the document', () => {
    for (const operation of Object.keys(NEWER_PATHS)) expect(paths[operation.split(' ')[1]!]).toBeUndefined();
    for (const object of Object.keys(NEWER_OBJECTS)) expect(schemas[object]).toBeUndefined();
  });
});
