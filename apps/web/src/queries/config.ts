// The server's app config, loaded once per page.
import { useQuery } from "@tanstack/react-query";
import { fetchConfig } from "../api/index.js";
import { useHttp } from "../api/context.js";
import { queryKeys } from "./keys.js";

export function useConfigQuery() {
  const http = useHttp();
  return useQuery({ queryKey: queryKeys.config(), queryFn: () => fetchConfig(http), staleTime: Infinity, retry: 2 });
}
