import { Link, type LinkProps } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

const VARIANTS = {
  primary: "bg-primary text-on-primary hover:opacity-90",
  secondary: "border border-line bg-page text-ink hover:bg-card",
  danger: "bg-red-700 text-white hover:bg-red-800 dark:bg-red-400 dark:text-black dark:hover:bg-red-300",
  ghost: "text-ink hover:bg-card",
  link: "text-primary-ink underline underline-offset-4 hover:no-underline",
  // Header and menu links: no box, underlined on hover.
  nav: "underline-offset-4 hover:underline",
} as const;

// Every size keeps at least a 44 px target on touch screens except `sm`, used only in dense tables.
const SIZES = {
  sm: "min-h-9 rounded-md px-3 text-sm",
  md: "min-h-11 rounded-md px-5",
  lg: "min-h-12 rounded-md px-6 text-lg",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

/**
 * The classes of a button, for the rare element that must look like one without being a Button
 * (a <label> or <summary>, a header's links). The `link` and `nav` variants have no box: only a
 * 44 px high target.
 */
export function buttonClass({
  variant = "primary",
  size = "md",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(
    "inline-flex items-center justify-center gap-2 font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60 aria-disabled:opacity-60",
    variant === "link" ? "min-h-11 px-1" : variant === "nav" ? "min-h-11 rounded-md px-2" : SIZES[size],
    VARIANTS[variant],
    className,
  );
}

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

type ButtonProps = Look & ButtonHTMLAttributes<HTMLButtonElement> & { to?: undefined };
type LinkButtonProps = Look & LinkProps & { to: LinkProps["to"] };

/**
 * A button, or with `to` a Remix <Link> that looks like one (a call to action that navigates:
 * "Go to the home page", "Checkout", "Previous"). A link stays a link for screen readers and
 * opens in a new tab on middle click; only its looks are a button's.
 */
export function Button(props: ButtonProps | LinkButtonProps) {
  if (props.to !== undefined) {
    const { variant, size, className, ...rest } = props;
    return <Link {...rest} className={buttonClass({ variant, size, className })} />;
  }
  const { variant, size, className, type = "submit", ...rest } = props;
  return <button type={type} {...rest} className={buttonClass({ variant, size, className })} />;
}
