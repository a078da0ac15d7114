import Database from "better-sqlite3";
const load = (p: string) => {
  const db = new Database(p, { readonly: true });
  const out: string[] = []; let text = "";
  for (const r of db.prepare(`SELECT n.json, v.text FROM nodes n JOIN documents d ON d.id = n.document_id AND d.current_version = n.version JOIN versions v ON v.document_id=n.document_id AND v.version=n.version WHERE d.source LIKE '%SPARKLINGSPRING%' ORDER BY n.ord`).all() as any[]) {
    const n = JSON.parse(r.json); text = r.text;
    out.push(`${n.kind}|${n.fullRef}|${n.start}|${n.end}|${JSON.stringify(r.text.slice(n.start, n.start + 40))}`);
  }
  return out;
};
const a = load("/work/stores/c2/eval/contractnli+cuad+edgar-full-64f1ffd9e895977a.sqlite");
const b = load("/work/stores/v8/eval/contractnli+cuad+edgar-full-91abffb4e01115ea.sqlite");
console.log("only v7:"); for (const x of a) if (!b.includes(x)) console.log("  ", x);
console.log("only v8:"); for (const x of b) if (!a.includes(x)) console.log("  ", x);
