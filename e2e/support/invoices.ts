/**
 * The specs' grip on the API behind the app: "someone in the back office" reading or
 * changing an invoice straight through the v2.1 API with the demo key, as another client would, while the
 * app works offline or has an edit of its own in flight.
 *
 * The API's address is the app's connection, which the renderer may know (never the key): it is read
 * through the host bridge (`connection.get`), from the page itself, so the helper works in either host.
 */
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { DEMO_API_KEY } from '../../electron/core/bridge/demo';
import { pageOf } from '../../src/api/primitives';
import {
  CustomerSchema,
  LoyaltyHistoryEntrySchema,
  ProductSupplierSchema,
  PurchaseOrderSchema,
  SupplierInvoiceSchema,
  SupplierReturnItemSchema,
  SupplierReturnSchema,
  SupplierSchema,
  type Customer,
  type ProductSupplier,
  type PurchaseOrder,
  type Supplier,
  type SupplierInvoice,
  type SupplierReturn,
  type SupplierReturnItem,
} from '../../src/api/resources';
import type {
  CustomerUpdate,
  ProductSupplierItems,
  SupplierInvoiceUpdate,
  SupplierUpdate,
} from '../../src/api/requests';

const LoyaltyPageSchema = pageOf(LoyaltyHistoryEntrySchema);

/** The demo simulator's base URL (`http://127.0.0.1:PORT/v2.1`), as the app's connection names it. */
export async function apiBaseUrl(page: Page): Promise<string> {
  const baseUrl = await page.evaluate(async () => {
    const invoke = async (command: string): Promise<unknown> => {
      // Electron: the preload's bridge.
      const preload = (window as { dockhand?: { invoke(c: string, p: object): Promise<unknown> } }).dockhand;
      if (preload) return preload.invoke(command, {});
      // Browser host: a second socket to the same host with this run's token (the page keeps it).
      const token = sessionStorage.getItem('dockhand.bridgeToken');
      const socket = new WebSocket(`ws://${location.host}/bridge?token=${encodeURIComponent(token ?? '')}`);
      return new Promise((resolve, reject) => {
        socket.onerror = () => reject(new Error('bridge socket failed'));
        socket.onopen = () =>
          socket.send(JSON.stringify({ type: 'invoke', id: 1, envelope: { command, payload: {} } }));
        socket.onmessage = (event: MessageEvent<string>) => {
          const frame = JSON.parse(event.data) as { type: string; id?: number; result?: unknown };
          if (frame.type !== 'result' || frame.id !== 1) return;
          socket.close();
          resolve(frame.result);
        };
      });
    };
    return invoke('connection.get');
  });
  const result = z
    .object({ ok: z.literal(true), value: z.object({ baseUrl: z.string().url() }) })
    .parse(baseUrl);
  return result.value.baseUrl;
}

const TokenSchema = z.object({ access_token: z.string().min(1) });

/**
 * The back office's own client: reads and updates customers, invoices, returns and suppliers with the demo
 * key, never through Dockhand.
 */
export class BackOffice {
  #token: string | null = null;

  constructor(readonly baseUrl: string) {}

  static async of(page: Page): Promise<BackOffice> {
    return new BackOffice(await apiBaseUrl(page));
  }

  async #call(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<unknown> {
    this.#token ??= TokenSchema.parse(
      await (await fetch(`${this.baseUrl}/auth/token`, { headers: { 'x-api-key': DEMO_API_KEY } })).json(),
    ).access_token;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        'x-api-key': DEMO_API_KEY,
        authorization: `Bearer ${this.#token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  }

  async customer(id: number): Promise<Customer> {
    return CustomerSchema.parse(await this.#call('GET', `/customers/${id}`));
  }

  async updateCustomer(id: number, body: CustomerUpdate): Promise<Customer> {
    return CustomerSchema.parse(await this.#call('PUT', `/customers/${id}`, body));
  }

  /** A customer's loyalty history, the first page of 100, as the API answers it. */
  async loyaltyHistory(customerId: number): Promise<{ ids: number[]; total: number }> {
    const page = LoyaltyPageSchema.parse(
      await this.#call('GET', `/customers/${customerId}/loyaltyhistory?page_size=100`),
    );
    return { ids: (page.data ?? []).map((entry) => entry.id), total: page.total_records };
  }

  async purchaseOrder(id: number): Promise<PurchaseOrder> {
    return PurchaseOrderSchema.parse(await this.#call('GET', `/purchaseorders/${id}?include_items=true`));
  }

  async invoice(id: number): Promise<SupplierInvoice> {
    return SupplierInvoiceSchema.parse(await this.#call('GET', `/supplierinvoices/${id}`));
  }

  async updateInvoice(id: number, body: SupplierInvoiceUpdate): Promise<SupplierInvoice> {
    return SupplierInvoiceSchema.parse(await this.#call('PUT', `/supplierinvoices/${id}`, body));
  }

  async supplierReturn(id: number): Promise<SupplierReturn> {
    return SupplierReturnSchema.parse(await this.#call('GET', `/supplierreturns/${id}`));
  }

  async supplierReturnItems(id: number): Promise<SupplierReturnItem[]> {
    const page = pageOf(SupplierReturnItemSchema).parse(
      await this.#call('GET', `/supplierreturns/${id}/supplierreturnitems?page_size=500`),
    );
    return page.data ?? [];
  }

  async supplier(id: number): Promise<Supplier> {
    return SupplierSchema.parse(await this.#call('GET', `/suppliers/${id}`));
  }

  async updateSupplier(id: number, body: SupplierUpdate): Promise<Supplier> {
    return SupplierSchema.parse(await this.#call('PUT', `/suppliers/${id}`, body));
  }

  async productSuppliers(productId: number): Promise<ProductSupplier[]> {
    return z.array(ProductSupplierSchema).parse(await this.#call('GET', `/products/${productId}/suppliers`));
  }

  async updateProductSuppliers(productId: number, body: ProductSupplierItems): Promise<ProductSupplier[]> {
    return z
      .array(ProductSupplierSchema)
      .parse(await this.#call('PUT', `/products/${productId}/suppliers`, body));
  }
}
