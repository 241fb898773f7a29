import type { ButtonHTMLAttributes } from "react";

const VARIANTS = {
  primary: "bg-primary text-on-primary hover:opacity-90",
  secondary: "border border-line bg-page text-ink hover:bg-card",
  link: "text-primary-ink underline underline-offset-4 hover:no-underline",
} as const;

export function Button({
  variant = "primary",
  className = "",
  type = "submit",
  ...rest
}: { variant?: keyof typeof VARIANTS } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const shape = variant === "link" ? "min-h-11 px-1" : "min-h-11 rounded-md px-5";
  return (
    <button
      type={type}
      {...rest}
      className={`inline-flex items-center justify-center gap-2 font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60 ${shape} ${VARIANTS[variant]} ${className}`}
    />
  );
}
