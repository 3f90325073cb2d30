// Pages by address: the lobby at /, sign-in at /signin, a game at
// /games/{id}. Links inside the page change the address without reloading,
// so a page can be bookmarked, reloaded and reached with Back.

/** A page draws itself into root and returns what to undo when it is left. */
export type Page = (root: HTMLElement, params: Record<string, string>) => (() => void) | void;

interface Route { pattern: RegExp; names: string[]; page: Page }

const routes: Route[] = [];
let leave: (() => void) | void = undefined;
let root: HTMLElement;

export function route(path: string, page: Page): void {
  const names: string[] = [];
  const pattern = new RegExp("^" + path.replace(/:(\w+)/g, (_, n: string) => (names.push(n), "([^/]+)")) + "/?$");
  routes.push({ pattern, names, page });
}

/** render draws the page of the current address. */
export function render(): void {
  if (leave) leave();
  leave = undefined;
  root.replaceChildren();
  const path = location.pathname;
  for (const r of routes) {
    const m = r.pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    r.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1] ?? "")));
    leave = r.page(root, params);
    return;
  }
  navigate("/", true);
}

export function navigate(path: string, replace = false): void {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  render();
  window.scrollTo(0, 0);
}

export function start(el: HTMLElement): void {
  root = el;
  window.addEventListener("popstate", render);
  document.addEventListener("click", (e) => {
    const a = (e.target as Element | null)?.closest?.("a");
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || a.target) return;
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
    e.preventDefault();
    navigate(url.pathname + url.search);
  });
  render();
}
