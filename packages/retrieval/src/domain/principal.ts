import type { Access } from "@lexnav/document-model";

/** Who is asking: a principal id and the groups it belongs to. Every query carries one. */
export interface Principal {
  id: string;
  groups: string[];
}

/**
 * Whether `principal` may read a document with `access` (the rule every store applies inside its query):
 * named, or in a named group, and behind no ethical wall. A wall (`access.deny`) on the principal or on
 * any of its groups overrides every grant, as a conflicts check must.
 */
export function mayRead(principal: Principal, access: Access): boolean {
  const deny = access.deny;
  if (deny && (deny.principals.includes(principal.id) || principal.groups.some((g) => deny.groups.includes(g))))
    return false;
  return access.principals.includes(principal.id) || principal.groups.some((g) => access.groups.includes(g));
}
