/** A colour sample with a spoken name, since the colour alone says nothing to a screen reader. */
export function Swatch({ hex, label, className = "" }: { hex: string; label: string; className?: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={`block border border-line ${className}`}
      style={{ backgroundColor: hex }}
    />
  );
}
