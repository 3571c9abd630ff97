import { Link } from "wouter";
import { EmptyState } from "../ui/index.js";

export function NotFoundPage() {
  return (
    <EmptyState
      title="Page not found"
      description="This address does not match any page."
      action={
        <Link href="/" className="focus-ring rounded-lg text-sm font-medium text-accent underline-offset-4 hover:underline">
          Back to markets
        </Link>
      }
    />
  );
}
