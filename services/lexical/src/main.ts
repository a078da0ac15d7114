import { startStageProcess } from "@lexnav/indexer";
import { LEXICAL_STAGE } from "./app.ts";

// The lexical stage process: the indexing stages' one runner, on the lexical store.
await startStageProcess(LEXICAL_STAGE);
