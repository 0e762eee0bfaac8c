export function bundleFolder(key: string): string;
export function bundleFile(folder: string): string;
export function stampFile(folder: string): string;
export function isPrivate(folder: string): boolean;
export function currentBundle(folder: string): URL | undefined;
