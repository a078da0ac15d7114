// Bootstrap of the preparation worker: a worker thread does not inherit its parent's loader hooks, so it
// registers tsx's TypeScript loader, then loads the worker body.
import { register } from "tsx/esm/api";

register();
await import("./prepare-worker.ts");
