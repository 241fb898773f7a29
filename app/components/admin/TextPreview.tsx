/** An owner-written text as the storefront's text pages show it: plain text, paragraphs kept. */
export function TextPreview({ title, body, empty }: { title: string; body: string; empty: string }) {
  return (
    <div className="max-h-80 overflow-y-auto p-4" tabIndex={0}>
      <p className="text-lg font-extrabold">{title}</p>
      {body.trim() ? (
        <div dir="auto" className="mt-2 leading-relaxed whitespace-pre-line">
          {body}
        </div>
      ) : (
        <p className="mt-2 text-muted">{empty}</p>
      )}
    </div>
  );
}
