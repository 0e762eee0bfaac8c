// Layout of the public forms (sign in, register, onboarding): brand on top, one card in the middle.
import type { ReactNode } from "react";
import { Link } from "wouter";
import { BrandLogo } from "./brand-logo";

export function PublicLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col bg-[radial-gradient(ellipse_at_top,_#12324a_0%,_#0a0f1c_55%)]">
      <header className="px-6 py-5">
        <Link href="/" className="inline-flex rounded-md focus-visible:outline-2 focus-visible:outline-ring">
          <BrandLogo />
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0">
        <div className={wide ? "w-full max-w-xl" : "w-full max-w-md"}>{children}</div>
      </main>
    </div>
  );
}
