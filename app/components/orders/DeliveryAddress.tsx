import { cn } from "~/lib/cn";
import type { OrderAddress } from "~/services/orders/contract";

/**
 * An order's delivery address, a line each. Each line in its own direction: a Latin address
 * inside Arabic text keeps its order; phone and email always read left to right.
 */
export function DeliveryAddress({
  address,
  className,
  nameClassName,
}: {
  address: OrderAddress;
  className?: string;
  nameClassName?: string;
}) {
  return (
    // Each line lines up with the page's start (the right in Arabic) while its text keeps its own
    // direction (<bdi>): a Latin address on an Arabic slip is right-aligned, not left.
    <address className={cn("flex flex-col not-italic", className)}>
      <span className={nameClassName}>
        <bdi>{address.fullName}</bdi>
      </span>
      <span>
        <bdi>{address.streetAddress}</bdi>
      </span>
      <span>
        <bdi>
          {address.zipCode} {address.city}
        </bdi>
      </span>
      <span>
        <bdi dir="ltr">{address.mobile}</bdi>
      </span>
      <span>
        <bdi dir="ltr">{address.email}</bdi>
      </span>
    </address>
  );
}
