import { cn } from "./cn.js";

/** A pulsing block standing where content is loading. */
export function Skeleton({ className }: { readonly className?: string }) {
  return <span aria-hidden="true" className={cn("block animate-pulse rounded-md bg-subtle", className)} />;
}
