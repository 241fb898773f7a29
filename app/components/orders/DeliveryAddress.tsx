import { cn } from "~/lib/cn";
import type { OrderDetails } from "~/services/orders/orders.server";

/**
 * An order's delivery address, a line each. Each line in its own direction: a Latin address
 * inside Arabic text keeps its order; phone and email always read left to right.
 */
export function DeliveryAddress({
  address,
  className,
  nameClassName,
}: {
  address: OrderDetails["address"];
  className?: string;
  nameClassName?: string;
}) {
  return (
    <address className={cn("flex flex-col not-italic", className)}>
      <span dir="auto" className={nameClassName}>
        {address.fullName}
      </span>
      <span dir="auto">{address.streetAddress}</span>
      <span dir="auto">
        {address.zipCode} {address.city}
      </span>
      <span dir="ltr" className="text-start">
        {address.mobile}
      </span>
      <span dir="ltr" className="text-start">
        {address.email}
      </span>
    </address>
  );
}
