import "./polyfills.js";
import "./index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Http } from "./api/http.js";
import { App } from "./app/App.js";
import { createQueryClient } from "./app/query-client.js";
import { reloadOnStaleBuild } from "./app/reload-on-stale-build.js";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
reloadOnStaleBuild();

createRoot(root).render(
  <StrictMode>
    <App http={new Http("")} queryClient={createQueryClient()} origin={window.location.origin} />
  </StrictMode>,
);
