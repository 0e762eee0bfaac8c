// Page body spacing inside the app shell.
import type { ReactNode } from "react";

export function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 p-6 lg:p-8">{children}</div>;
}
