import {
  purchasingMessages,
  type Supplier,
  type supplierInput,
  type Warehouse,
  type warehouseInput,
} from '@tibay/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/http-error.ts';
import * as repo from './purchasing.repository.ts';

/** Suppliers and warehouses (lists, create, edit; audited), and what a PO request chooses from (sellers, products). */

type Db = Pick<Deps, 'db'>;

function toSupplier(row: repo.SupplierRow): Supplier {
  return {
    id: row.id,
    supplier_name: row.name,
    contact_person: row.contactPerson,
    phone: row.phone,
    email: row.email,
    address: row.address,
  };
}

function toWarehouse(row: repo.WarehouseRow): Warehouse {
  return { id: row.id, name: row.name, address: row.address };
}

/** A second supplier or warehouse with the same name is refused by the unique index. */
function isNameTaken(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function refuseTakenName<T>(write: () => Promise<T>, field: string, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isNameTaken(error)) throw new HttpError('CONFLICT', message, { [field]: message });
    throw error;
  }
}

export async function listSuppliers(deps: Db) {
  return { items: (await repo.listSuppliers(deps.db)).map(toSupplier) };
}

export async function saveSupplier(
  deps: Db,
  id: number | null,
  input: z.output<typeof supplierInput>,
  act: repo.AdminAct,
): Promise<Supplier> {
  const values = {
    name: input.supplier_name,
    contactPerson: input.contact_person,
    phone: input.phone,
    email: input.email,
    address: input.address,
  };
  const row = await refuseTakenName(
    () =>
      deps.db.transaction(async (tx) => {
        const row = id === null ? await repo.insertSupplier(tx, values) : await repo.updateSupplier(tx, id, values);
        if (!row) throw new HttpError('NOT_FOUND', purchasingMessages.supplierNotFound);
        await repo.insertAudit(tx, act, id === null ? 'supplier_created' : 'supplier_updated', id ? 200 : 201, {
          id: row.id,
          after: values,
        });
        return row;
      }),
    'supplier_name',
    purchasingMessages.supplierTaken,
  );
  return toSupplier(row);
}

export async function listWarehouses(deps: Db) {
  return { items: (await repo.listWarehouses(deps.db)).map(toWarehouse) };
}

export async function saveWarehouse(
  deps: Db,
  id: number | null,
  input: z.output<typeof warehouseInput>,
  act: repo.AdminAct,
): Promise<Warehouse> {
  const values = { name: input.name, address: input.address };
  const row = await refuseTakenName(
    () =>
      deps.db.transaction(async (tx) => {
        const row = id === null ? await repo.insertWarehouse(tx, values) : await repo.updateWarehouse(tx, id, values);
        if (!row) throw new HttpError('NOT_FOUND', purchasingMessages.warehouseNotFound);
        await repo.insertAudit(tx, act, id === null ? 'warehouse_created' : 'warehouse_updated', id ? 200 : 201, {
          id: row.id,
          after: values,
        });
        return row;
      }),
    'name',
    purchasingMessages.warehouseTaken,
  );
  return toWarehouse(row);
}

/** Spec 3 §7 "get PO sellers": sellers sorted by company name. */
export async function listSellers(deps: Db) {
  return { items: (await repo.listSellers(deps.db)).map((row) => ({ ...row, id: Number(row.id) })) };
}

/** Spec 3 §7 "PO seller products": the seller's stock-keeping products with their price (at most 200). */
export async function listSellerProducts(deps: Db, sellerId: number, query: string) {
  if (!(await repo.sellerExists(deps.db, sellerId)))
    throw new HttpError('NOT_FOUND', purchasingMessages.sellerNotFound);
  const found = await repo.listSellerProducts(deps.db, sellerId, query.trim(), 200);
  return { items: found.map((row) => ({ id: Number(row.id), menu: row.menu, price: Number(row.price) })) };
}
