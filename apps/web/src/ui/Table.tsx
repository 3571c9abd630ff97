import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "./cn.js";

/**
 * A table in its own box: when the box is narrower than a table needs (a phone, a half-width card), each row becomes
 * a card of labelled lines (index.css, `.stack-table`; every TD passes its column's `label`). The box is the
 * positioning context, so visually hidden header text stays inside it.
 */
export function Table({ className, ...rest }: HTMLAttributes<HTMLTableElement>) {
  return (
    <div className="table-box relative w-full overflow-x-auto">
      <table className={cn("stack-table w-full border-collapse text-sm", className)} {...rest} />
    </div>
  );
}

export function THead(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead {...props} />;
}

export function TBody(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody {...props} />;
}

export function TR({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn("border-b border-line last:border-0", className)} {...rest} />;
}

export function TH({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn("px-3 py-2.5 text-left text-xs font-medium whitespace-nowrap text-muted", className)} {...rest} />;
}

/** A cell; `label` names its column on the stacked (narrow) layout, where the header row is hidden. */
export function TD({ className, label, ...rest }: TdHTMLAttributes<HTMLTableCellElement> & { readonly label?: string }) {
  return <td data-label={label} className={cn("px-3 py-3 align-middle tabular-nums", className)} {...rest} />;
}

export type SortDirection = "asc" | "desc";

/** A column header that sorts its table: a button, with aria-sort on the cell. */
export function SortableTH({
  children,
  active,
  direction,
  onSort,
  className,
  align = "left",
}: {
  readonly children: ReactNode;
  readonly active: boolean;
  readonly direction: SortDirection;
  readonly onSort: () => void;
  readonly className?: string;
  readonly align?: "left" | "right";
}) {
  return (
    <TH
      aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : "none"}
      className={cn(align === "right" && "text-right", className)}
    >
      <button
        type="button"
        onClick={onSort}
        className={cn(
          "focus-ring inline-flex items-center gap-1 rounded hover:text-fg",
          active && "text-fg",
          align === "right" && "flex-row-reverse",
        )}
      >
        {children}
        <span aria-hidden="true" className={cn("text-[10px]", !active && "opacity-30")}>
          {active && direction === "asc" ? "▲" : "▼"}
        </span>
      </button>
    </TH>
  );
}
