// Signed-in layout: sidebar plus the main area.
import type { ReactNode } from "react";
import { AuditorGate } from "./auditor-gate";
import { Sidebar } from "./sidebar";

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <Sidebar />
      <main id="main-content" className="min-w-0 flex-1">
        <AuditorGate>{children}</AuditorGate>
      </main>
    </div>
  );
}
