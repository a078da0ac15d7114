/** A passage as the embedded stores keep it: where it sits in which document version. */
export interface PassageRow {
  passage_id: string;
  document_id: string;
  version: string;
  node_id: string;
  start: number;
  end: number;
}

/** A stored passage row as a hit of the port, with the score its store gave it (higher is better). */
export function passageHit(row: PassageRow, score: number) {
  return {
    passageId: row.passage_id,
    documentId: row.document_id,
    version: row.version,
    nodeId: row.node_id,
    start: row.start,
    end: row.end,
    score,
  };
}
