// A property's flues and appliances (migration 19, decision 0051): what it is (fireplace, insert, stove, furnace
// vent), its fuel, how much it is used, the owner's notes, a last service day he knows of (an old customer's), his
// own cadence for it, and a due day he set himself. The history that makes it due stays on the property.
import type { Db } from "../db/database.ts";

export const APPLIANCES = ["fireplace", "insert", "stove", "furnace-vent"] as const;
export type Appliance = (typeof APPLIANCES)[number];
export const FUELS = ["wood", "gas", "oil", "pellet", "coal", "unknown"] as const;
export type Fuel = (typeof FUELS)[number];
export const USE_LEVELS = ["unused", "occasional", "regular", "daily", "unknown"] as const;
export type UseLevel = (typeof USE_LEVELS)[number];

export type FlueRow = {
  id: number;
  property_id: number;
  label: string;
  appliance: Appliance;
  fuel: Fuel;
  use_level: UseLevel;
  notes: string;
  /** A service day known from elsewhere (YYYY-MM-DD, America/Chicago), e.g. from an old customer list. */
  last_service_day: string | null;
  /** The owner's own due day for this flue. */
  due_override: string | null;
  /** The owner's cadence for this flue in months, instead of the default. */
  cadence_months: number | null;
  created_at: string;
  updated_at: string;
};

export type FlueInput = {
  label?: string;
  appliance: Appliance;
  fuel: Fuel;
  useLevel: UseLevel;
  notes?: string;
  lastServiceDay?: string | null;
  dueOverride?: string | null;
  cadenceMonths?: number | null;
};

export function createFlueStore(db: Db, now: () => Date) {
  const iso = () => now().toISOString();
  const insert = db.prepare(
    `INSERT INTO flues (property_id, label, appliance, fuel, use_level, notes, last_service_day, due_override,
       cadence_months, created_at, updated_at)
     VALUES (@propertyId, @label, @appliance, @fuel, @useLevel, @notes, @lastServiceDay, @dueOverride, @cadenceMonths,
       @at, @at)`,
  );
  const update = db.prepare(
    `UPDATE flues SET label = @label, appliance = @appliance, fuel = @fuel, use_level = @useLevel, notes = @notes,
       last_service_day = @lastServiceDay, due_override = @dueOverride, cadence_months = @cadenceMonths, updated_at = @at
     WHERE id = @id`,
  );
  const getStmt = db.prepare<[number], FlueRow>("SELECT * FROM flues WHERE id = ?");
  const ofStmt = db.prepare<[string], FlueRow>(
    "SELECT * FROM flues WHERE property_id IN (SELECT value FROM json_each(?)) ORDER BY property_id, id",
  );
  const overrideStmt = db.prepare("UPDATE flues SET due_override = ?, updated_at = ? WHERE id = ?");
  const removeStmt = db.prepare("DELETE FROM flues WHERE id = ?");
  const columns = (input: FlueInput) => ({
    label: (input.label ?? "").trim(),
    appliance: input.appliance,
    fuel: input.fuel,
    useLevel: input.useLevel,
    notes: input.notes ?? "",
    lastServiceDay: input.lastServiceDay ?? null,
    dueOverride: input.dueOverride ?? null,
    cadenceMonths: input.cadenceMonths ?? null,
    at: iso(),
  });
  return {
    add(propertyId: number, input: FlueInput): number {
      return Number(insert.run({ propertyId, ...columns(input) }).lastInsertRowid);
    },
    update(id: number, input: FlueInput): boolean {
      return update.run({ id, ...columns(input) }).changes > 0;
    },
    /** The owner's own due day for one flue; null gives it back to the history. */
    setOverride(id: number, day: string | null): boolean {
      return overrideStmt.run(day, iso(), id).changes > 0;
    },
    remove(id: number): boolean {
      return removeStmt.run(id).changes > 0;
    },
    get(id: number): FlueRow | undefined {
      return getStmt.get(id);
    },
    /** The flues of these properties, by property then age. */
    ofProperties(ids: readonly number[]): FlueRow[] {
      return ofStmt.all(JSON.stringify(ids));
    },
  };
}

export type FlueStore = ReturnType<typeof createFlueStore>;
