import type { PageAnchor, ProvisionNode } from "@lexnav/document-model";
import type { Catalog } from "./ports/catalog.ts";

/**
 * The text of a stored version, read once per (document, version) for the lifetime of one command or
 * evaluation run (versions are immutable; a delete during the run is not seen, so long-lived processes
 * read the catalog instead). Null when the version or its text is gone.
 */
export function cachedVersionText(
  catalog: Pick<Catalog, "getVersion">,
): (documentId: string, version: string) => Promise<string | null> {
  const texts = new Map<string, Promise<string | null>>();
  return (documentId, version) => {
    const key = `${documentId}@${version}`;
    let text = texts.get(key);
    if (!text) {
      text = catalog.getVersion(documentId, version).then((v) => v?.text ?? null);
      texts.set(key, text);
    }
    return text;
  };
}

/**
 * A provision of a stored version by id, the version's nodes read once per (document, version) for the
 * lifetime of one command or evaluation run (as `cachedVersionText`). Null when it is not there.
 */
export function cachedVersionNode(
  catalog: Pick<Catalog, "getNodes">,
): (documentId: string, version: string, nodeId: string) => Promise<ProvisionNode | null> {
  const nodes = new Map<string, Promise<Map<string, ProvisionNode>>>();
  return async (documentId, version, nodeId) => {
    const key = `${documentId}@${version}`;
    let m = nodes.get(key);
    if (!m) {
      m = catalog.getNodes(documentId, version).then((list) => new Map(list.map((n) => [n.id, n])));
      nodes.set(key, m);
    }
    return (await m).get(nodeId) ?? null;
  };
}

/**
 * The page anchors of a stored version, read once per (document, version) for one command or run (as
 * `cachedVersionText`); empty when the version is not there or its source has no pages.
 */
export function cachedVersionPages(
  catalog: Pick<Catalog, "getVersion">,
): (documentId: string, version: string) => Promise<readonly PageAnchor[]> {
  const pages = new Map<string, Promise<readonly PageAnchor[]>>();
  return (documentId, version) => {
    const key = `${documentId}@${version}`;
    let p = pages.get(key);
    if (!p) {
      p = catalog.getVersion(documentId, version).then((v) => v?.pages ?? []);
      pages.set(key, p);
    }
    return p;
  };
}
