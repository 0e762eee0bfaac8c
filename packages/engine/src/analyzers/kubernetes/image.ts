// Container image references: `registry:port/name:tag@digest`, split the way the container
// runtime reads them (a colon after the last slash is a tag; before it, a registry port).

export interface ImageReference {
  name: string;
  tag?: string;
  digest?: string;
}

export function parseImage(reference: string): ImageReference {
  let rest = reference.trim();
  let digest: string | undefined;
  const at = rest.indexOf("@");
  if (at !== -1) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
  }
  const slash = rest.lastIndexOf("/");
  const colon = rest.lastIndexOf(":");
  let tag: string | undefined;
  if (colon > slash) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
  }
  return { name: rest, ...(tag !== undefined ? { tag } : {}), ...(digest !== undefined ? { digest } : {}) };
}
