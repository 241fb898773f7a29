import { cn } from "~/lib/cn";
import { PhotoField } from "./PhotoField";

/**
 * An image a form replaces: the current one (if any) with a "remove" checkbox, then a new file
 * (PNG or JPG, checked on the server). Posting a file replaces the image; ticking remove without
 * one clears it; neither keeps it.
 */
export function ImageReplaceField({
  imageId,
  name,
  removeName,
  label,
  currentLabel,
  removeLabel,
  error,
  width,
  height,
  imageWidth = 128,
  quality,
  imageClassName,
}: {
  /** The current image, or null when there is none. */
  imageId: string | null | undefined;
  /** The file field's name, and the remove checkbox's. */
  name: string;
  removeName: string;
  label: string;
  currentLabel: string;
  removeLabel: string;
  error: string | null;
  /** The thumbnail's box in px, and the width it is fetched at. */
  width: number;
  height: number;
  imageWidth?: number;
  quality?: number;
  imageClassName?: string;
}) {
  return (
    <>
      {imageId ? (
        <div className="flex flex-wrap items-center gap-4">
          <img
            src={`/resources/image?url=/images/${imageId}&w=${imageWidth}${quality ? `&q=${quality}` : ""}`}
            alt={currentLabel}
            width={width}
            height={height}
            className={cn("rounded-md border border-line object-cover", imageClassName)}
          />
          <label className="flex min-h-11 items-center gap-2">
            <input type="checkbox" name={removeName} className="size-5" />
            {removeLabel}
          </label>
        </div>
      ) : null}
      <PhotoField name={name} label={label} error={error} />
    </>
  );
}
