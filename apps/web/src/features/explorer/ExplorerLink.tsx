// A signature or an address as a link to the explorer: the app's own /tx and /address pages on the local chain, the
// configured external explorer elsewhere (the SDK's explorerLink builds every href).
import { explorerLink, type AppConfig, type ExplorerTarget } from "@ballast/sdk";
import { QueryClientContext } from "@tanstack/react-query";
import { useContext, type ReactNode } from "react";
import { Link } from "wouter";
import { shortenAddress } from "../../format/index.js";
import { queryKeys } from "../../queries/keys.js";
import { cn } from "../../ui/index.js";

export interface ExplorerLinkProps {
  readonly target: ExplorerTarget;
  /** What the link shows; the shortened signature or address by default. */
  readonly children?: ReactNode;
  readonly className?: string;
}

const idOf = (target: ExplorerTarget) => (target.kind === "tx" ? target.signature : target.address);

/**
 * The app's config as the page loaded it (the app renders nothing before it has it): read from the query cache, not
 * fetched, so a link works in any part of the app, even one rendered without a server (then it stays in the app).
 */
function useLoadedConfig(): AppConfig | undefined {
  return useContext(QueryClientContext)?.getQueryData<AppConfig>(queryKeys.config());
}

export function ExplorerLink({ target, children, className }: ExplorerLinkProps) {
  const config = useLoadedConfig();
  const id = idOf(target);
  const { href, external } = explorerLink(target, config);
  const label = `View ${target.kind === "tx" ? "transaction" : "address"} ${id}`;
  const classes = cn("focus-ring rounded font-mono text-accent underline-offset-2 hover:underline", className);
  const content = children ?? shortenAddress(id, target.kind === "tx" ? 6 : 4);
  if (external) {
    return (
      <a href={href} target="_blank" rel="noreferrer" aria-label={label} title={id} className={classes}>
        {content}
      </a>
    );
  }
  return (
    <Link href={href} aria-label={label} title={id} className={classes}>
      {content}
    </Link>
  );
}
