/** A person's photo, or their initial on the brand colour when they have none. */
export function Avatar({
  name,
  imageId,
  size = 40,
}: {
  name: string;
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
      {Array.from(name.trim())[0]?.toUpperCase() ?? "?"}
    </span>
  );
}
