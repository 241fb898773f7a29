import { avatarInitial } from "~/lib/avatar";

/**
 * A person's photo, or their initial on the brand colour when they have none. `initial` when the
 * caller has it already (the header's viewer: the page cache fills it in, decision 031).
 */
export function Avatar({
  name,
  initial,
  imageId,
  size = 40,
}: {
  name: string;
  initial?: string;
  imageId: string | null;
  size?: number;
}) {
  const style = { width: size, height: size };
  if (imageId) {
    const src = `/resources/image?${new URLSearchParams({ url: `/images/${imageId}`, w: String(size <= 64 ? 128 : 256) })}`;
    return (
      <img src={src} alt="" width={size} height={size} style={style} className="rounded-full object-cover" />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: size / 2.4 }}
      className="inline-flex items-center justify-center rounded-full bg-primary font-extrabold text-on-primary"
    >
      {initial ?? avatarInitial(name)}
    </span>
  );
}
