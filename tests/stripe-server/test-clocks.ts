/**
 * Stripe's Test Clocks (`/v1/test_helpers/test_clocks`): a clock holds a frozen time; customers
 * created with `test_clock` live at that time, and advancing the clock takes their subscriptions
 * through every period end it passes, as Stripe's billing would: renewed with a paid invoice
 * (`invoice.paid`, `customer.subscription.updated`), or ended (`customer.subscription.deleted`)
 * when set to cancel at the period end. Stripe advances asynchronously (status "advancing", then
 * "ready"); here the work is done before the answer, which reports "advancing" as Stripe's does,
 * and a retrieve afterwards finds the clock "ready".
 */
import { invalid, missing, noSuch, optionalInteger, optionalString } from "./errors";
import { newId, now, type Owner, type StripeObject } from "./state";
import type { ApiRequest, Route, World } from "./world";

const KIND = "test_helpers.test_clock";
/** Stripe deletes a clock (and its customers) 30 days after it was created. */
const LIFETIME = 30 * 86_400;

function findClock(world: World, owner: Owner, id: string): StripeObject {
  const clock = world.objects.get(owner, id, KIND);
  if (!clock) throw noSuch("test_clock", id, "test_clock");
  return clock;
}

/** The time a customer lives at: its clock's frozen time, or the real time without one. */
export function timeOf(world: World, owner: Owner, customerId: string | null | undefined): number {
  const customer = customerId ? world.objects.get(owner, customerId, "customer") : undefined;
  const clockId = customer?.test_clock as string | null | undefined;
  const clock = clockId ? world.objects.get(owner, clockId, KIND) : undefined;
  return clock ? (clock.frozen_time as number) : now();
}

/** The clock a new customer is attached to (`customers.create({ test_clock })`), checked. */
export function clockParam(world: World, owner: Owner, id: string | undefined): string | null {
  if (id === undefined) return null;
  return findClock(world, owner, id).id;
}

function requiredTime(params: ApiRequest["params"]): number {
  const frozenTime = optionalInteger(params, "frozen_time");
  if (frozenTime === undefined) throw missing("frozen_time");
  return frozenTime;
}

function createClock({ world, owner, params }: ApiRequest): StripeObject {
  const created = now();
  return world.objects.add(owner, {
    id: newId("clock"),
    object: KIND,
    created,
    deletes_after: created + LIFETIME,
    frozen_time: requiredTime(params),
    livemode: false,
    name: optionalString(params, "name") ?? null,
    status: "ready",
    status_details: {},
  });
}

/**
 * Moves the clock to `frozen_time`, then walks each of its customers' live subscriptions through
 * the period ends up to it. `passPeriodEnd` (billing.ts) does one period end.
 */
function advanceClock(
  passPeriodEnd: (world: World, owner: Owner, subscription: StripeObject) => void,
): (request: ApiRequest) => StripeObject {
  return ({ world, owner, params, path }) => {
    const clock = findClock(world, owner, path[0]!);
    const target = requiredTime(params);
    if (target <= (clock.frozen_time as number))
      throw invalid("frozen_time", "The frozen_time must be after the test clock's current frozen_time.");
    clock.frozen_time = target;
    const customers = new Set(
      world.objects
        .list(owner, "customer")
        .filter((c) => c.test_clock === clock.id)
        .map((c) => c.id),
    );
    for (const subscription of world.objects.list(owner, "subscription").reverse()) {
      if (!customers.has(subscription.customer as string)) continue;
      while (subscription.status !== "canceled" && periodEndOf(subscription) <= target)
        passPeriodEnd(world, owner, subscription);
    }
    return { ...clock, status: "advancing", status_details: { advancing: { target_frozen_time: target } } };
  };
}

function periodEndOf(subscription: StripeObject): number {
  return (subscription.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end;
}

export function testClockRoutes(
  passPeriodEnd: (world: World, owner: Owner, subscription: StripeObject) => void,
): Route[] {
  return [
    { method: "POST", pattern: /^\/v1\/test_helpers\/test_clocks$/, handler: createClock },
    {
      method: "GET",
      pattern: /^\/v1\/test_helpers\/test_clocks\/([^/]+)$/,
      handler: ({ world, owner, path }) => findClock(world, owner, path[0]!),
    },
    {
      method: "POST",
      pattern: /^\/v1\/test_helpers\/test_clocks\/([^/]+)\/advance$/,
      handler: advanceClock(passPeriodEnd),
    },
  ];
}
