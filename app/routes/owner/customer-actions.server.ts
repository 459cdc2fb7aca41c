// What the customer's page posts (decision 0051), one intent each: merge a suggested customer into this one, undo a
// merge, "Not the same person", the details, a contact, a property, a flue (add, save, remove, its own due day), and
// erasing the customer (ticked to confirm; server/customers/customer-erasure.ts).
// The route has checked the session, Origin and token (requireOwner); here every id is checked to belong to this
// customer's group before anything is written, and every refusal is in words with what was typed kept.
import { data, redirect, type AppLoadContext } from "react-router";
import { boxText, field, idParam, notFound, unknownIntent } from "./guard.server";
import { MERGE_REFUSALS, type CustomerDone } from "./customer-words";
import { overLimit, TEXT_LIMITS } from "~/lib/text-limits";
import { isDay } from "../../../server/time/wall-time.ts";
import { phoneKey } from "../../../server/customers/contact-keys.ts";
import { createCustomerErasure } from "../../../server/customers/customer-erasure.ts";
import { CUSTOMER_KINDS, type CustomerKind } from "../../../server/store/customers.ts";
import { APPLIANCES, FUELS, USE_LEVELS, type FlueInput } from "../../../server/store/flues.ts";

export type CustomerActionResult = { error: string; typed?: Record<string, string> };

const LIMIT = TEXT_LIMITS.customer;
const oneOf = <T extends string>(list: readonly T[], value: string): T | null =>
  (list as readonly string[]).includes(value) ? (value as T) : null;

function refused(status: number, error: string, typed?: Record<string, string>) {
  return data<CustomerActionResult>(typed ? { error, typed } : { error }, { status });
}

/** The flue form's fields, or the words that say what is missing. */
function flueFields(form: FormData): FlueInput | string {
  const appliance = oneOf(APPLIANCES, field(form, "appliance", 20));
  const fuel = oneOf(FUELS, field(form, "fuel", 20));
  const useLevel = oneOf(USE_LEVELS, field(form, "use", 20));
  if (!appliance || !fuel || !useLevel) return "Choose what it is, its fuel and how much it is used.";
  const label = boxText(form, "label");
  const notes = boxText(form, "notes");
  const tooLong = overLimit(label, LIMIT.flueLabel) ?? overLimit(notes, LIMIT.flueNotes);
  if (tooLong) return tooLong;
  const cadence = field(form, "cadence", 4);
  const cadenceMonths = cadence === "" ? null : Number(cadence);
  if (cadenceMonths !== null && (!Number.isInteger(cadenceMonths) || cadenceMonths < 1 || cadenceMonths > 120))
    return "Choose how often it is due from the list.";
  const last = field(form, "last", 10);
  if (last !== "" && !isDay(last)) return "Write the last service day as a date, e.g. 2026-10-15.";
  return { label, notes, appliance, fuel, useLevel, cadenceMonths, lastServiceDay: last || null };
}

export function customerAction(context: AppLoadContext, form: FormData, id: number) {
  const { estimates, owner: console_, clientIp } = context;
  const { customers, customerLinks, flues } = estimates;
  const group = new Set(customers.group(id));
  const back = (done: CustomerDone) =>
    redirect(`/owner/customers/${id}?done=${done}`, { status: 303, headers: { "Cache-Control": "no-store" } });
  const audit = (event: string, detail: string) => console_.audit.log(event, { ip: clientIp, detail });
  const ownProperty = (value: string) => {
    const p = customers.property(idParam(value) ?? 0);
    return p && p.customer_id !== null && group.has(p.customer_id) ? p : notFound();
  };
  const ownFlue = () => {
    const flue = flues.get(idParam(field(form, "flue", 12)) ?? 0) ?? notFound();
    ownProperty(String(flue.property_id));
    return flue;
  };
  const intent = field(form, "intent", 20);
  switch (intent) {
    case "merge": {
      const other = idParam(field(form, "other", 12)) ?? notFound();
      const outcome = customerLinks.merge(other, id);
      if (outcome !== "merged") return refused(409, MERGE_REFUSALS[outcome]);
      audit("customers merged", `customer ${other} into ${id}`);
      return back("merged");
    }
    case "undo": {
      const merge = customerLinks.mergeRow(idParam(field(form, "merge", 12)) ?? 0);
      if (!merge || !group.has(merge.into_id)) notFound();
      const outcome = customerLinks.undo(merge.id);
      if (outcome !== "undone") return refused(409, "That merge was already undone.");
      audit("customer merge undone", `customer ${merge.from_id} out of ${merge.into_id}`);
      return back("undone");
    }
    case "apart": {
      const other = idParam(field(form, "other", 12)) ?? notFound();
      if (!customerLinks.tellApart(other, id)) notFound();
      audit("customers told apart", `customer ${other} and ${id}`);
      return back("apart");
    }
    case "details": {
      const name = boxText(form, "name");
      const notes = boxText(form, "notes");
      const kind = oneOf<CustomerKind>(CUSTOMER_KINDS, field(form, "kind", 20)) ?? "person";
      const typed = { name, notes };
      const problem = overLimit(name, LIMIT.name) ?? overLimit(notes, LIMIT.notes);
      if (problem) return refused(400, problem, typed);
      if (!name) return refused(400, "Give the customer a name.", typed);
      customers.update(id, { displayName: name, kind, notes });
      return back("saved");
    }
    case "contact": {
      const value = boxText(form, "contact");
      const problem = overLimit(value, LIMIT.contact);
      if (problem) return refused(400, problem, { contact: value });
      const kind = value.includes("@") ? "email" : "phone";
      // Checked before anything is written: a phone we cannot call is no contact point.
      if (kind === "phone" && phoneKey(value) === null)
        return refused(400, "That is not a phone number we can call: write it with its area code.", { contact: value });
      if (customers.addContact(id, { kind, value }) === null)
        return refused(
          400,
          kind === "email"
            ? "That e-mail address is not one, or is on this customer already."
            : "That phone is on this customer already.",
          { contact: value },
        );
      customerLinks.suggestFor(id);
      return back("contact-added");
    }
    case "property": {
      const typed = { street: boxText(form, "street"), town: boxText(form, "town"), zip: boxText(form, "zip") };
      const problem =
        overLimit(typed.street, LIMIT.street) ?? overLimit(typed.town, LIMIT.town) ?? overLimit(typed.zip, LIMIT.zip);
      if (problem) return refused(400, problem, typed);
      if (!typed.street || !typed.town) return refused(400, "Write the street address and the town.", typed);
      customers.addProperty(id, { ...typed, state: "IL" });
      customerLinks.suggestFor(id);
      return back("property-added");
    }
    case "flue-add": {
      const property = ownProperty(field(form, "property", 12));
      const flue = flueFields(form);
      if (typeof flue === "string") return refused(400, flue);
      flues.add(property.id, flue);
      return back("flue-added");
    }
    case "flue-save": {
      const flue = ownFlue();
      const fields = flueFields(form);
      if (typeof fields === "string") return refused(400, fields);
      flues.update(flue.id, { ...fields, dueOverride: flue.due_override });
      return back("flue-saved");
    }
    case "flue-remove": {
      flues.remove(ownFlue().id);
      return back("flue-removed");
    }
    case "due": {
      const flue = ownFlue();
      const day = field(form, "day", 10);
      if (!isDay(day)) return refused(400, "Choose the day it is due.");
      flues.setOverride(flue.id, day);
      audit("flue due day set", `flue ${flue.id}: ${day}`);
      return back("due-set");
    }
    case "due-clear": {
      flues.setOverride(ownFlue().id, null);
      return back("due-cleared");
    }
    case "erase": {
      if (field(form, "confirm", 4) !== "yes")
        return refused(400, "Tick “Yes, erase them for good” first. Nothing was erased.");
      let done;
      try {
        done = createCustomerErasure(estimates).erase(id);
      } catch (error) {
        console.error(error);
        return refused(
          500,
          "The customer could not be erased: nothing was changed. Try again, or tell us if it repeats.",
        );
      }
      if (!done) notFound();
      audit(
        "customer erased",
        `customer ${id}: ${done.customers} record(s), ${done.requests} request(s); ${done.contracts} contract(s) kept`,
      );
      return redirect(`/owner/customers?erased=${done.requests}&kept=${done.contracts}`, {
        status: 303,
        headers: { "Cache-Control": "no-store" },
      });
    }
    default:
      return unknownIntent();
  }
}
