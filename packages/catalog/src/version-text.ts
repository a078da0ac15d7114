import type { Catalog } from "./ports/catalog.ts";

/**
 * The text of a stored version, read once per (document, version) for the lifetime of one command or
 * evaluation run (versions are immutable; a delete during the run is not seen, so long-lived processes
 * read the catalog instead). Null when the version or its text is gone.
 */
export function cachedVersionText(
  catalog: Pick<Catalog, "getVersion">,
): (documentId: string, version: string) => string | null {
  const texts = new Map<string, string | null>();
  return (documentId, version) => {
    const key = `${documentId}@${version}`;
    if (!texts.has(key)) texts.set(key, catalog.getVersion(documentId, version)?.text ?? null);
    return texts.get(key) ?? null;
  };
}
