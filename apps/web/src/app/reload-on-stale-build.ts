// A tab opened before a new build was deployed asks for lazy chunks that no longer exist. Vite reports that as
// `vite:preloadError`; loading the page again fetches the new index and its chunks. Once a minute at most, so a
// chunk that is really missing shows its error instead of reloading forever.
const RELOADED_AT = "ballast:stale-build-reload";
const MIN_INTERVAL_MS = 60_000;

export function reloadOnStaleBuild(target: Window = window): void {
  target.addEventListener("vite:preloadError", (event) => {
    const last = Number(target.sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < MIN_INTERVAL_MS) return;
    target.sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    event.preventDefault();
    target.location.reload();
  });
}
