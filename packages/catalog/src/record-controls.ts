import type { Access, DocumentRecord } from "@lexnav/document-model";
import type { Control } from "./ports/catalog.ts";

/**
 * A record as its controls leave it: walls of the document and its set join `access.deny`, a hold
 * becomes `legalHold` (the document's own before its set's), the bar `noExternalModel`. Without
 * controls the record is as stored.
 */
export function withControls(record: DocumentRecord, controls: readonly Control[]): DocumentRecord {
  if (controls.length === 0) return record;
  const principals = new Set<string>();
  const groups = new Set<string>();
  let hold: Control | undefined;
  let noExternalModel = false;
  for (const c of controls) {
    if (c.kind === "deny_principal") principals.add(c.name);
    else if (c.kind === "deny_group") groups.add(c.name);
    else if (c.kind === "legal_hold") hold = hold?.scope === "document" ? hold : c;
    else noExternalModel = true;
  }
  return {
    ...record,
    access:
      principals.size + groups.size > 0
        ? { ...record.access, deny: { principals: [...principals].sort(), groups: [...groups].sort() } }
        : record.access,
    ...(hold ? { legalHold: { scope: hold.scope, scopeId: hold.scopeId, since: hold.since, by: hold.by } } : {}),
    ...(noExternalModel ? { noExternalModel } : {}),
  };
}

/** Access as every catalog stores it: principals and groups deduplicated and sorted. */
export function normaliseAccess(access: Access): Access {
  return {
    principals: [...new Set(access.principals)].sort(),
    groups: [...new Set(access.groups)].sort(),
  };
}
