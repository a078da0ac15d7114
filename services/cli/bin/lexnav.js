#!/usr/bin/env node
// Runs the TypeScript CLI directly (lexnav ships sources; tsx compiles on load).
import { register } from "tsx/esm/api";

register();
await import("../src/main.ts");
