// Mounts the app into #root. A missing root is a deployment error and throws; anything else that
// fails before React can show its own error page is reported in plain DOM as 'Application Error'.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";

export function showStartupError(root: HTMLElement, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  const container = document.createElement("main");
  container.setAttribute("role", "alert");
  container.style.cssText =
    "min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;padding:24px;font-family:system-ui,sans-serif;background:#0a0f1c;color:#e6ebf4;text-align:center";
  const heading = document.createElement("h1");
  heading.textContent = "Application Error";
  heading.style.cssText = "font-size:1.5rem;font-weight:600;margin:0";
  const detail = document.createElement("p");
  detail.textContent = message;
  detail.style.cssText = "color:#9aa7bd;margin:0;max-width:40rem;word-break:break-word";
  container.append(heading, detail);
  root.replaceChildren(container);
}

export function bootstrap(root: HTMLElement | null, render: (root: HTMLElement) => void = renderApp): void {
  if (!root) throw new Error("Root element not found");
  try {
    render(root);
  } catch (error) {
    console.error("Startup failed", error);
    showStartupError(root, error);
  }
}

function renderApp(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
