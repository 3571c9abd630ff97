import type { ReactNode } from "react";
import { cn } from "./cn.js";

/** What a list or screen shows when it has nothing: a title, why, and what to do next. */
export function EmptyState({
  title,
  description,
  action,
  icon,
  className,
}: {
  readonly title: ReactNode;
  readonly description?: ReactNode;
  readonly action?: ReactNode;
  readonly icon?: ReactNode;
  readonly className?: string;
}) {
  return (
    <div role="status" className={cn("flex flex-col items-center gap-3 px-6 py-12 text-center", className)}>
      {icon && <div className="text-muted">{icon}</div>}
      <p className="text-base font-semibold text-fg">{title}</p>
      {description && <p className="max-w-md text-sm text-muted">{description}</p>}
      {action}
    </div>
  );
}
