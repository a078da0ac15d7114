import type { Access } from "@lexnav/document-model";

/** Who is asking: a principal id and the groups it belongs to. Every query carries one. */
export interface Principal {
  id: string;
  groups: string[];
}

/** Whether `principal` may read a document with `access` (the rule every store applies inside its query). */
export function mayRead(principal: Principal, access: Access): boolean {
  return access.principals.includes(principal.id) || principal.groups.some((g) => access.groups.includes(g));
}
