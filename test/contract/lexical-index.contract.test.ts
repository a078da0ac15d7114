import { openSqliteDatabase } from "@lexnav/catalog";
import { createSqliteLexicalIndex } from "@lexnav/retrieval";
import { describeLexicalIndexContract } from "./lexical-index-contract.ts";

describeLexicalIndexContract("sqlite fts5 (embedded)", () => createSqliteLexicalIndex(openSqliteDatabase(":memory:")));
