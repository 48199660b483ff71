/** Questions that open to their answers (native details/summary: keyboard and screen readers for free). */
export function FaqList({ items }: { items: readonly { q: string; a: string }[] }) {
  return (
    <div className="mt-4 grid gap-3 md:grid-cols-2">
      {items.map((item) => (
        <details
          key={item.q}
          className="group border-line bg-surface open:bg-surface-2 rounded-2xl border p-4"
        >
          <summary className="cursor-pointer list-none text-sm font-semibold marker:hidden">{item.q}</summary>
          <p className="text-muted mt-2 text-sm leading-relaxed">{item.a}</p>
        </details>
      ))}
    </div>
  );
}
