// A ref callback that brings an element into view once it is mounted: the item a link names
// (?control=, ?finding=, ?entry=, ?rule=, ?requirement=) is shown, not left below the fold.
export function scrollIntoView(element: HTMLElement | null): void {
  // jsdom has no layout and no scrollIntoView.
  if (element && typeof element.scrollIntoView === "function")
    element.scrollIntoView({ block: "center", behavior: "smooth" });
}
