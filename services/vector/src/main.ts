import { startStageProcess } from "@lexnav/indexer";
import { VECTOR_STAGE } from "./app.ts";

// The vector stage process: the indexing stages' one runner, on the vector store.
await startStageProcess(VECTOR_STAGE);
